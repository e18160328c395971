// §2 /pre_entry/result: the screening's answer, then My page's answer to "may I apply now?" (one rule:
// app/domain/new-entry.ts); a declined user (§4 preEntryDeclined) reads the reasons in the upstream's words.

import {
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContactDesk } from "~/components/contact-desk";
import { NewEntryPanel } from "~/components/new-entry-panel";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import {
  PRE_ENTRY_DECLINED_NO_DOCUMENTS,
  asksForProfile,
  isPreEntryDeclined,
  newEntryAnswer,
} from "~/domain/new-entry";
import { loadNewEntryInput } from "~/request/entry-guard.server";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/account.css";
import { loadPreEntryResult } from "~/upstream/pre-entry.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "事前審査の結果")];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  const [result, { input }] = await Promise.all([loadPreEntryResult(ctx), loadNewEntryInput(ctx, user)]);
  // The answer My page and the wizard give, not the latest screening's alone: a screening answered
  // again after a decline does not lift it.
  const declined = isPreEntryDeclined(user);
  // The questions wait for a user with no answer yet (never a declined one: they redirect here).
  if (!result && !declined) throw redirect("/register/pre_entry");
  const answer = newEntryAnswer(input);
  return json({
    declined,
    reasons: declined && result?.result === "declined" ? result.reasons : [],
    newEntry: { allowed: answer.allowed, href: ENTRY_STEP_PATHS.submitInvoices, reasons: answer.reasons },
    /** The next thing to do when it is the profile with the identity documents. */
    profileFirst: asksForProfile(user),
  });
}

export default function PreEntryResultPage() {
  const { declined, reasons, newEntry, profileFirst } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>事前審査の結果</h1>
      {declined ? (
        <div className="alert" role="alert">
          <p className="alert-title">事前審査の結果、お申し込みいただけません。</p>
          {reasons.length ? (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          <p>{PRE_ENTRY_DECLINED_NO_DOCUMENTS}</p>
          <p>
            ご期待に沿えず申し訳ございません。ご不明な点は
            <ContactDesk />
            までお問い合わせください。
          </p>
        </div>
      ) : (
        <>
          <p className="notice" role="status">
            {newEntry.allowed
              ? "事前審査の結果、お申し込みいただけます。"
              : "事前審査のご回答では、お申し込みの条件を満たしています。"}
          </p>
          <NewEntryPanel newEntry={newEntry} />
        </>
      )}
      {profileFirst ? (
        <p className="account-actions">
          <Link to="/register/profile" className="button button-primary">
            会員情報と本人確認書類を登録する
          </Link>
        </p>
      ) : null}
      <p className="link-list">
        <Link to="/mypage">マイページへ</Link>
      </p>
    </div>
  );
}
