// /profile/password/change (§7 POST /api/password/change/): the upstream cycles its session key
// (REFERENCE.md), which the client keeps, so the person stays logged in. `profile_`: not a child of /profile.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { placeNewPasswordErrors } from "~/domain/passwords";
import { CHANGE_PASSWORD_FIELDS as TABLE } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import { KeptFormErrorBoundary, keptFormMeta } from "~/components/session-ended-login";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import { loginSource } from "~/security/device-cookie.server";
import styles from "~/styles/passwords.css";
import { type RequestContext } from "~/request/context.server";
import { accountAction } from "~/forms/account-action.server";
import { type AuthenticatedUser, requireUser } from "~/request/guards.server";
import { changePassword } from "~/upstream/passwords.server";
import { CHANGE_PASSWORD_FIELDS, CHANGE_PASSWORD_FIELD_LABELS } from "./labels";
import { passwordChangeValidator } from "./schema.server";
import { NewPasswordFields } from "~/components/new-password-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta = keptFormMeta("パスワードの変更");
export const ErrorBoundary = KeptFormErrorBoundary;

/** §3 has_usable_password: false only for an account that never had a password to sign in with. */
function hasUsablePassword(user: AuthenticatedUser): boolean {
  return (user as { has_usable_password?: boolean }).has_usable_password !== false;
}

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  return json({ asksOldPassword: hasUsablePassword(user) });
}

export function action({ context: ctx, request }: ActionFunctionArgs) {
  // An ended session answers on the page with a login; passwords are never carried (decision 0027).
  return keepTypedThroughLogin(ctx, request, { afterLogin: "nothing" }, (request, keep) =>
    changeOwnPassword(ctx, request, keep),
  );
}

async function changeOwnPassword(ctx: RequestContext, request: Request, keep: (typed: FormData) => void) {
  const user = await requireUser(ctx);
  // Nothing typed is carried: keep is told only so the upstream's end of the session answers in place too.
  return accountAction(
    ctx,
    request,
    {
      validator: passwordChangeValidator(hasUsablePassword(user)),
      rateLimit: { form: "password-change", target: () => String(user.id) },
      // The upstream counts wrong current passwords as failed logins and throttles them.
      upstreamLimits: true,
      upstreamFields: CHANGE_PASSWORD_FIELDS,
      // A wrong current password lands at old_password; the validators' messages at the new one.
      refused: (_error, errors, fail) => fail(placeNewPasswordErrors(errors), 400),
      async send(ctx, { old_password, new_password1, new_password2 }) {
        const { device } = await loginSource(request, user.email ?? "");
        await changePassword(ctx, { old_password, new_password1, new_password2 }, device);
        return redirect("/profile/password/change/done");
      },
    },
    keep,
  );
}

export default function PasswordChangePage() {
  const actionData = useActionData<typeof action>();
  const { asksOldPassword } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>パスワードの変更</h1>
      <p>
        {asksOldPassword ? "現在のパスワードと、" : ""}
        新しいパスワードを入力してください。変更すると、この端末以外ではログアウトします。
      </p>
      <FormScope failure={actionData}>
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={CHANGE_PASSWORD_FIELD_LABELS} />
          {asksOldPassword ? (
            <TextField
              name="old_password"
              label={TABLE.old_password.label}
              {...constraintsOf(TABLE.old_password)}
            />
          ) : null}
          <NewPasswordFields />
          <SubmitButton pendingText="変更しています…">パスワードを変更する</SubmitButton>
        </Form>
      </FormScope>
      <ul className="link-list">
        <li>
          <Link to="/mypage">変更せずにマイページへ戻る</Link>
        </li>
        {asksOldPassword ? (
          <li>
            <Link to="/profile/password/reset/recover">現在のパスワードをお忘れの方</Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
