// §2 /profile/password/reset/reset/$: the reset mail's link; it "requires both uid and token query
// parameters, otherwise not found". The static /done route ranks above this splat.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { HoneypotField } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { PasswordMessage, isRejectedResetLink, placeNewPasswordErrors } from "~/domain/passwords";
import { pageTitle } from "~/routing/meta";
import { requiredQueryParams } from "~/request/route-params.server";
import styles from "~/styles/passwords.css";
import { accountAction } from "~/forms/account-action.server";
import { confirmPasswordReset } from "~/upstream/passwords.server";
import { RESET_PASSWORD_FIELDS, RESET_PASSWORD_FIELD_LABELS } from "./labels";
import { resetPasswordValidator } from "./schema.server";
import { NewPasswordFields } from "~/components/new-password-fields";

const LINK_PARAMS = ["uid", "token"] as const;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "新しいパスワードの設定")];

/** The link's uid and token stay in the URL (the form posts back to it); the page data carries neither. */
export function loader({ request }: LoaderFunctionArgs) {
  requiredQueryParams(new URL(request.url), LINK_PARAMS);
  return json({});
}

export function action({ context: ctx, request }: ActionFunctionArgs) {
  const { uid, token } = requiredQueryParams(new URL(request.url), LINK_PARAMS);
  return accountAction(ctx, request, {
    extra: { linkRejected: false },
    honeypot: (fail) => fail({ [NON_FIELD_ERRORS]: PasswordMessage.resetRefused }, 400),
    validator: resetPasswordValidator,
    // Per link: a token cannot be guessed by trying, and one page cannot hammer the upstream.
    rateLimit: { form: "password-reset-confirm", target: () => uid },
    upstreamFields: RESET_PASSWORD_FIELDS,
    // A used, expired or wrong link: the form stays, with a way to ask for a new link.
    refused: (error, errors, fail) =>
      isRejectedResetLink(error.fieldErrors)
        ? fail({}, 400, { extra: { linkRejected: true } })
        : fail(placeNewPasswordErrors(errors), 400),
    async send(ctx, { new_password1, new_password2 }) {
      await confirmPasswordReset(ctx, { uid, token, new_password1, new_password2 });
      return redirect("/profile/password/reset/reset/done");
    },
  });
}

/** The refused link, said once, with the way out; it takes focus like the error summary does. */
function RejectedLinkAlert() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="alert password-link-alert" role="alert" tabIndex={-1} ref={ref}>
      <p>
        <span className="visually-hidden">エラー：</span>
        {PasswordMessage.resetLinkRejected}
      </p>
      <p className="link-list">
        <Link to="/profile/password/reset/recover">再設定用のメールをもう一度受け取る</Link>
      </p>
    </div>
  );
}

export default function PasswordResetPage() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="narrow">
      <h1>新しいパスワードの設定</h1>
      {actionData?.linkRejected ? <RejectedLinkAlert /> : null}
      <p>新しいパスワードを2回入力してください。設定すると、すべての端末でログアウトします。</p>
      <FormScope failure={actionData}>
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={RESET_PASSWORD_FIELD_LABELS} />
          <HoneypotField />
          <NewPasswordFields />
          <SubmitButton pendingText="設定しています…">パスワードを設定する</SubmitButton>
        </Form>
      </FormScope>
    </div>
  );
}
