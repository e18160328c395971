// The new password pair (docs/upstream-api/accounts.md): what a browser can check before the upstream's validators.

import { NEW_PASSWORD_FIELDS } from "~/domain/account-fields";
import { PasswordMessage } from "~/domain/passwords";
import { type CrossFieldCheck, passwordsMatch } from "./cross-field.server";
import { textSchema } from "./field-schema.server";

export const newPasswordField = textSchema(NEW_PASSWORD_FIELDS.new_password1).refine(
  (value) => !/^\d+$/.test(value),
  PasswordMessage.entirelyNumeric,
);

export const newPasswordConfirmationField = textSchema(NEW_PASSWORD_FIELDS.new_password2);

export const newPasswordFields = {
  new_password1: newPasswordField,
  new_password2: newPasswordConfirmationField,
};

export const newPasswordsMatch: CrossFieldCheck = passwordsMatch(
  "new_password1",
  "new_password2",
  PasswordMessage.mismatch,
);
