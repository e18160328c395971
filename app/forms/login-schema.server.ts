// The login form (§7 POST /api/auth/: email, password, persistLoginState).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";

export const emailField = z
  .string({ required_error: ValidationMessage.blank })
  .trim()
  .min(1, ValidationMessage.blank)
  .max(254, "メールアドレスは254文字以内で入力してください。")
  .email("メールアドレスの形式が正しくありません（例: taro@example.jp）。");

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: ValidationMessage.blank })
    .min(1, ValidationMessage.blank)
    .max(128, "パスワードは128文字以内で入力してください。"),
  // A checkbox posts "on" when ticked and nothing otherwise.
  persistLoginState: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  redirectTo: z.string().max(2048).optional(),
});

export const loginValidator = withZod(loginSchema);
