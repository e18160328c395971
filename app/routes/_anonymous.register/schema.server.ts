// The registration form (§7 POST /api/register/: registration fields plus an experiment-user id).
// The password follows the same rules as every new password (app/forms/new-password.server.ts).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { EXPERIMENT_USER_ID_MAX_LENGTH } from "~/domain/account-fields";
import { PasswordMessage } from "~/domain/passwords";
import { passwordsMatch, withCrossFieldChecks } from "~/forms/cross-field.server";
import { newPasswordConfirmationField, newPasswordField } from "~/forms/new-password.server";
import { emailField } from "~/forms/login-schema.server";

export const registerSchema = z.object({
  email: emailField,
  password: newPasswordField,
  password_confirmation: newPasswordConfirmationField,
  corporate_division: z.enum(["corporate", "individual"], {
    errorMap: () => ({ message: "法人か個人事業主かを選択してください。" }),
  }),
  agreement: z.literal("on", {
    errorMap: () => ({ message: "利用規約とプライバシーポリシーへの同意が必要です。" }),
  }),
  experiment_user_id: z
    .string()
    .max(EXPERIMENT_USER_ID_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .catch(undefined),
});

export const registerValidator = withCrossFieldChecks(
  withZod(registerSchema),
  passwordsMatch("password", "password_confirmation", PasswordMessage.mismatch),
);
