// The login form's fields, on /login and in a wizard step's login in place (decision 0027): the
// wrong-service notice of §6, the honeypot, the return target, e-mail, password, 「ログイン状態を保持する」.

import { CheckboxField } from "~/components/form/checkbox-field";
import { TextField } from "~/components/form/fields";
import { HoneypotField } from "~/components/form/honeypot";
import { LOGIN_FIELDS } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import type { WrongServiceNotice } from "~/forms/login-labels";

export function LoginFields({
  wrongService,
  redirectTo = null,
}: {
  wrongService: WrongServiceNotice | null;
  redirectTo?: string | null;
}) {
  return (
    <>
      {wrongService ? (
        <p className="alert">
          <a href={wrongService.url}>{wrongService.serviceName}のログインページ</a>
          からログインしてください。
        </p>
      ) : null}
      <HoneypotField />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField name="email" label={LOGIN_FIELDS.email.label} {...constraintsOf(LOGIN_FIELDS.email)} />
      <TextField
        name="password"
        label={LOGIN_FIELDS.password.label}
        {...constraintsOf(LOGIN_FIELDS.password)}
      />
      <CheckboxField
        name="persistLoginState"
        label="ログイン状態を保持する"
        hint="14日間ログインしたままになります。共用のパソコンではチェックしないでください。"
      />
    </>
  );
}
