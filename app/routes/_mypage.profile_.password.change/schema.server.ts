// The password change form (§7 POST /api/password/change/: old_password, new_password1,
// new_password2; docs/upstream-api/accounts.md: old_password only when the account has a usable one).

import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";
import { PasswordMessage } from "~/domain/passwords";
import { withCrossFieldChecks } from "~/forms/cross-field.server";
import { NEW_PASSWORD_MAX_LENGTH } from "~/forms/new-password-labels";
import { newPasswordFields, newPasswordsMatch } from "~/forms/new-password.server";
import type { PasswordChangeInput } from "./labels";

const oldPasswordField = z
  .string({ required_error: ValidationMessage.blank })
  .min(1, ValidationMessage.blank)
  .max(NEW_PASSWORD_MAX_LENGTH, PasswordMessage.tooLong);

/** With the current password (the usual account). */
const changePasswordValidator: Validator<PasswordChangeInput> = withCrossFieldChecks(
  withZod(z.object({ old_password: oldPasswordField, ...newPasswordFields })),
  newPasswordsMatch,
);

/** Without it: an account that has no usable password yet sets one (Django's SetPasswordForm). */
const setPasswordValidator: Validator<PasswordChangeInput> = withCrossFieldChecks(
  withZod(z.object(newPasswordFields)),
  newPasswordsMatch,
);

export function passwordChangeValidator(asksOldPassword: boolean): Validator<PasswordChangeInput> {
  return asksOldPassword ? changePasswordValidator : setPasswordValidator;
}
