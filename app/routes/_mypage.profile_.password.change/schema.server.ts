// The password change form (§7 POST /api/password/change/: old_password, new_password1,
// new_password2; docs/upstream-api/accounts.md: old_password only when the account has a usable one).

import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import { CHANGE_PASSWORD_FIELDS } from "~/domain/account-fields";
import { withCrossFieldChecks } from "~/forms/cross-field.server";
import { textSchema } from "~/forms/field-schema.server";
import { newPasswordFields, newPasswordsMatch } from "~/forms/new-password.server";
import type { PasswordChangeInput } from "./labels";

const oldPasswordField = textSchema(CHANGE_PASSWORD_FIELDS.old_password);

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
