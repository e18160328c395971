// The new_password1 / new_password2 pair the upstream's reset confirmation and password change take
// (§7, docs/upstream-api/accounts.md): the checks a browser can make before the upstream's validators
// (length and "not only digits"; common and similar passwords are for the upstream to say).

import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";
import { PasswordMessage } from "~/domain/passwords";
import { type CrossFieldCheck, passwordsMatch } from "./cross-field.server";
import { NEW_PASSWORD_MAX_LENGTH } from "./new-password-labels";

export const newPasswordField = z
  .string({ required_error: ValidationMessage.blank })
  .min(1, ValidationMessage.blank)
  .min(8, PasswordMessage.tooShort)
  .max(NEW_PASSWORD_MAX_LENGTH, PasswordMessage.tooLong)
  .refine((value) => !/^\d+$/.test(value), PasswordMessage.entirelyNumeric);

export const newPasswordConfirmationField = z
  .string({ required_error: ValidationMessage.blank })
  .min(1, ValidationMessage.blank)
  .max(NEW_PASSWORD_MAX_LENGTH, PasswordMessage.tooLong);

export const newPasswordFields = {
  new_password1: newPasswordField,
  new_password2: newPasswordConfirmationField,
};

/** The confirmation must equal the new password (app/forms/cross-field.server.ts runs it on every submit). */
export const newPasswordsMatch: CrossFieldCheck = passwordsMatch(
  "new_password1",
  "new_password2",
  PasswordMessage.mismatch,
);
