// The new password pair (docs/upstream-api/accounts.md): what a browser can check before the upstream's validators.

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

export const newPasswordsMatch: CrossFieldCheck = passwordsMatch(
  "new_password1",
  "new_password2",
  PasswordMessage.mismatch,
);
