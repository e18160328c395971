// The new password form of the e-mailed link (§7 POST /api/password/reset/confirm/: uid, token,
// new_password1, new_password2). uid and token come from the link's query, never from the form.

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { withCrossFieldChecks } from "~/forms/cross-field";
import { NEW_PASSWORD_FIELD_LABELS, newPasswordFields, newPasswordsMatch } from "~/forms/new-password";

export const resetPasswordValidator = withCrossFieldChecks(
  withZod(z.object(newPasswordFields)),
  newPasswordsMatch,
);

export const RESET_PASSWORD_FIELDS = ["new_password1", "new_password2"] as const;

export const RESET_PASSWORD_FIELD_LABELS: Record<string, string> = { ...NEW_PASSWORD_FIELD_LABELS };
