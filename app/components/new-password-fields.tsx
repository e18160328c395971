// The new password and its confirmation, as every form that sets a password asks for them.

import { NEW_PASSWORD_RULE_TEXT } from "~/domain/passwords";
import { NEW_PASSWORD_MAX_LENGTH } from "~/forms/new-password-labels";
import { TextField } from "./form/fields";

export function NewPasswordFields() {
  return (
    <>
      <TextField
        name="new_password1"
        label="新しいパスワード"
        type="password"
        autoComplete="new-password"
        required
        maxLength={NEW_PASSWORD_MAX_LENGTH}
        hint={NEW_PASSWORD_RULE_TEXT}
      />
      <TextField
        name="new_password2"
        label="新しいパスワード（確認）"
        type="password"
        autoComplete="new-password"
        required
        maxLength={NEW_PASSWORD_MAX_LENGTH}
        hint="確認のため、もう一度入力してください。"
      />
    </>
  );
}
