// The login form's fields, on /login and in a wizard step's login in place (decision 0027): the
// wrong-service notice of §6, the honeypot, the return target, e-mail, password, 「ログイン状態を保持する」.

import { CheckboxField } from "~/components/form/checkbox-field";
import { TextField } from "~/components/form/fields";
import { HoneypotField } from "~/components/form/honeypot";
import { EMAIL_MAX_LENGTH } from "~/domain/upstream-limits";
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
      <TextField
        name="email"
        label="メールアドレス"
        type="email"
        // The account's user name: a password manager offers its saved pair here.
        autoComplete="username"
        required
        maxLength={EMAIL_MAX_LENGTH}
      />
      <TextField
        name="password"
        label="パスワード"
        type="password"
        autoComplete="current-password"
        required
      />
      <CheckboxField
        name="persistLoginState"
        label="ログイン状態を保持する"
        hint="14日間ログインしたままになります。共用のパソコンではチェックしないでください。"
      />
    </>
  );
}
