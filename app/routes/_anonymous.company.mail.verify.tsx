// The activation mail's link (not in §2): a GET changes nothing, since mail scanners open links first
// and would use up the one-time key; the button's POST confirms.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/form/submit-button";
import { ActivationMessage } from "~/domain/activation";
import { pageTitle } from "~/routing/meta";
import { requiredQueryParams } from "~/request/route-params.server";
import styles from "~/styles/account.css";
import { activateEmail } from "~/upstream/activation.server";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { type Fail, accountAction } from "~/forms/account-action.server";
import { NON_FIELD_ERRORS, isFormFailure } from "~/forms/form-failure";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "メールアドレスの確認"),
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const KEY_MAX_LENGTH = 512;

/** A missing key is a page not found (§2 "Route validation failure shows page not found"). */
export function loader({ request }: LoaderFunctionArgs) {
  const { key } = requiredQueryParams(new URL(request.url), ["key"]);
  return json({ key });
}

/** The failure shape's form id of a key the upstream does not know (the page then says so in full). */
const INVALID_KEY = "invalid-key";

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  const invalidKey = (fail: Fail) =>
    fail({ [NON_FIELD_ERRORS]: ActivationMessage.invalidKey }, 400, { formId: INVALID_KEY });
  return accountAction(ctx, request, {
    validator: withZod(z.object({ key: z.string().min(1).max(KEY_MAX_LENGTH) })),
    invalid: invalidKey,
    rateLimit: { form: "mail-verify", target: ({ key }) => key },
    upstreamFields: [],
    async send(ctx, { key }, fail) {
      if ((await activateEmail(ctx, key)) === "invalidKey") return invalidKey(fail);
      return redirect("/company/mail/complete");
    },
  });
}

export default function MailVerifyPage() {
  const { key } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The page's only form is a button: its refusal (the failure shape) is one alert, no summary.
  const failure = isFormFailure(actionData) ? actionData : null;

  if (failure?.formId === INVALID_KEY) {
    return (
      <div className="narrow">
        <h1>メールアドレスを確認できませんでした</h1>
        <div className="alert" role="alert">
          <p className="alert-title">{ActivationMessage.invalidKey}</p>
          <p>{ActivationMessage.invalidKeyHelp}</p>
        </div>
        <p>{ActivationMessage.newMailHow}</p>
        <p className="account-actions">
          <Link to="/register/activation" className="button button-primary">
            確認メールを再送する
          </Link>
        </p>
        <p>
          すでに確認が完了している場合は、このまま<Link to="/login">ログイン</Link>してご利用いただけます。
        </p>
      </div>
    );
  }

  return (
    <div className="narrow">
      <h1>メールアドレスの確認</h1>
      {failure ? (
        <div className="alert" role="alert">
          <p>{failure.formErrors[0]}</p>
        </div>
      ) : null}
      <p>
        ご登録のメールアドレスを確認します。下のボタンを押すと確認が完了し、お申し込みに必要な会員情報の登録に進めるようになります。
      </p>
      <Form method="post" className="account-form">
        <input type="hidden" name="key" value={key} />
        <SubmitButton pendingText="確認しています…">メールアドレスを確認する</SubmitButton>
      </Form>
      <p className="field-hint">
        このページはご登録のメールアドレスにお送りしたリンクから開かれています。お心当たりがない場合は、このページを閉じてください。
      </p>
    </div>
  );
}
