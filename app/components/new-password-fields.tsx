// The new password and its confirmation, as every form that sets a password asks for them.

import { NEW_PASSWORD_FIELDS } from "~/domain/account-fields";
import { constraintsOf } from "~/domain/form-fields";
import { NEW_PASSWORD_RULE_TEXT } from "~/domain/passwords";
import { TextField } from "./form/fields";

export function NewPasswordFields() {
  return (
    <>
      <TextField
        name="new_password1"
        label={NEW_PASSWORD_FIELDS.new_password1.label}
        {...constraintsOf(NEW_PASSWORD_FIELDS.new_password1)}
        hint={NEW_PASSWORD_RULE_TEXT}
      />
      <TextField
        name="new_password2"
        label={NEW_PASSWORD_FIELDS.new_password2.label}
        {...constraintsOf(NEW_PASSWORD_FIELDS.new_password2)}
        hint="確認のため、もう一度入力してください。"
      />
    </>
  );
}
