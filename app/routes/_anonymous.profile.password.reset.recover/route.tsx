// §2 /profile/password/reset/recover (anonymous layout): the password reset request. It answers the
// same whether or not the address is registered (REFERENCE.md), so nobody can probe for accounts.

import { type ActionFunctionArgs, type LinksFunction, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { HoneypotField } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { RESET_LINK_VALID_HOURS } from "~/domain/passwords";
import { RECOVER_FIELDS } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/passwords.css";
import { accountAction } from "~/forms/account-action.server";
import { requestPasswordReset } from "~/upstream/passwords.server";
import { RECOVER_FIELD_LABELS } from "./labels";
import { recoverValidator } from "./schema.server";

const RESET_REQUESTED_PATH = "/profile/password/reset/done";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "パスワードの再設定")];

export function action({ context: ctx, request }: ActionFunctionArgs) {
  return accountAction(ctx, request, {
    // A bot that filled the hidden field is told what everyone is told, and nothing is sent.
    honeypot: () => redirect(RESET_REQUESTED_PATH),
    validator: recoverValidator,
    // Per address too: nobody can fill someone's mailbox with reset mails.
    rateLimit: { form: "password-reset", target: ({ email }) => email },
    upstreamFields: ["email"],
    async send(ctx, { email }) {
      await requestPasswordReset(ctx, email);
      return redirect(RESET_REQUESTED_PATH);
    },
  });
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
            label={RECOVER_FIELDS.email.label}
            {...constraintsOf(RECOVER_FIELDS.email)}
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
