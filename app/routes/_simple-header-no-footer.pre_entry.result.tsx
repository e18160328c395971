// §2 /pre_entry/result: what to do next, or (§4 preEntryDeclined) the reasons in the upstream's words.

import { type LoaderFunctionArgs, type MetaFunction, json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContactDesk } from "~/components/contact-desk";
import { isPreEntryDeclined } from "~/domain/new-entry";
import { withRequestContext } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { loadPreEntryResult } from "~/upstream/pre-entry.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "事前審査の結果")];

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const user = await requireUser(ctx);
    const result = await loadPreEntryResult(ctx);
    // The answer My page and the wizard give (one rule), not the latest screening's alone: a
    // screening answered again after a decline does not lift it.
    const declined = isPreEntryDeclined(user);
    // The questions wait for a user with no answer yet (never a declined one: they redirect here).
    if (!result && !declined) throw redirect("/register/pre_entry");
    return json({
      accepted: !declined,
      reasons: declined && result?.result === "declined" ? result.reasons : [],
    });
  });
}

export default function PreEntryResultPage() {
  const { accepted, reasons } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>事前審査の結果</h1>
      {accepted ? (
        <>
          <p className="notice" role="status">
            事前審査の結果、お申し込みいただけます。
          </p>
          <p>会員情報と本人確認書類のご登録がお済みでない場合は、先にご登録ください。</p>
        </>
      ) : (
        <div className="alert" role="alert">
          <p className="alert-title">事前審査の結果、お申し込みいただけません。</p>
          {reasons.length ? (
            <ul>
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          <p>
            ご期待に沿えず申し訳ございません。ご不明な点は
            <ContactDesk />
            までお問い合わせください。
          </p>
        </div>
      )}
      <p className="link-list">
        <Link to="/mypage" className={accepted ? "button button-primary" : undefined}>
          マイページへ
        </Link>
      </p>
    </div>
  );
}
