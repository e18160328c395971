// §2 /profile/password/reset/recover (anonymous layout): the password reset request. It answers the
// same whether or not the address is registered (REFERENCE.md), so nobody can probe for accounts.

import { type ActionFunctionArgs, type LinksFunction, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { HoneypotField } from "~/components/form/honeypot";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { RESET_LINK_VALID_HOURS } from "~/domain/passwords";
import { EMAIL_MAX_LENGTH } from "~/domain/upstream-limits";
import { pageTitle } from "~/routing/meta";
import { clientAddress } from "~/request/client-address";
import { RATE_LIMIT_MESSAGE, limitFormAttempt, retryAfterHeader } from "~/security/rate-limit.server";
import styles from "~/styles/passwords.css";
import { UpstreamValidationError } from "~/upstream/errors.server";
import { fieldErrorsFromUpstream, formFailure } from "~/forms/form-errors.server";
import { requestPasswordReset } from "~/upstream/passwords.server";
import { RECOVER_FIELD_LABELS } from "./labels";
import { recoverValidator } from "./schema.server";
import { readForm } from "~/forms/read-form.server";

const RESET_REQUESTED_PATH = "/profile/password/reset/done";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "パスワードの再設定")];

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submitted = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string"));
  // A bot that filled the hidden field is told what everyone is told, and nothing is sent.
  if (formData.get(HONEYPOT_FIELD)) return redirect(RESET_REQUESTED_PATH);
  const result = await recoverValidator.validate(formData);
  if (result.error) return formFailure(result.error.fieldErrors, submitted, 422);
  const { email } = result.data;

  // Per address too: nobody can fill someone's mailbox with reset mails.
  const limit = await limitFormAttempt("password-reset", email, clientAddress(request));
  if (!limit.allowed) {
    return formFailure({ [NON_FIELD_ERRORS]: RATE_LIMIT_MESSAGE }, submitted, 429, {
      headers: retryAfterHeader(limit.retryAfterSeconds),
    });
  }

  try {
    await requestPasswordReset(ctx, email);
  } catch (error) {
    if (error instanceof UpstreamValidationError) {
      return formFailure(fieldErrorsFromUpstream(error, ["email"]), submitted, 400);
    }
    throw error;
  }
  return redirect(RESET_REQUESTED_PATH);
}

export default function PasswordRecoverPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="narrow">
      <h1>パスワードの再設定</h1>
      <p>
        ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをメールでお送りします。
      </p>
      <FormScope failure={actionData}>
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={RECOVER_FIELD_LABELS} />
          <HoneypotField />
          <TextField
            name="email"
            label="メールアドレス"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            hint={`会員登録に使ったメールアドレスです。リンクの有効期限は${RESET_LINK_VALID_HOURS}時間です。`}
          />
          <SubmitButton pendingText="送信しています…">再設定用のメールを送る</SubmitButton>
        </Form>
      </FormScope>
      <ul className="link-list">
        <li>
          <Link to="/login">ログイン画面へ戻る</Link>
        </li>
        <li>
          <Link to="/register">会員登録がお済みでない方</Link>
        </li>
      </ul>
    </div>
  );
}
