// The new password form of the e-mailed link (§7 POST /api/password/reset/confirm/: uid, token,
// new_password1, new_password2). uid and token come from the link's query, never from the form.

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { withCrossFieldChecks } from "~/forms/cross-field.server";
import { newPasswordFields, newPasswordsMatch } from "~/forms/new-password.server";

export const resetPasswordValidator = withCrossFieldChecks(
  withZod(z.object(newPasswordFields)),
  newPasswordsMatch,
);
