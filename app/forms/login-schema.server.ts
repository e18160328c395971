// The login form (§7 POST /api/auth/: email, password, persistLoginState).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { LOGIN_FIELDS } from "~/domain/account-fields";
import { REDIRECT_TARGET_MAX_LENGTH } from "~/domain/redirect-target";
import { textSchema } from "./field-schema.server";

export const emailField = textSchema(LOGIN_FIELDS.email).email(
  "メールアドレスの形式が正しくありません（例: taro@example.jp）。",
);

export const loginSchema = z.object({
  email: emailField,
  password: textSchema(LOGIN_FIELDS.password),
  // A checkbox posts "on" when ticked and nothing otherwise.
  persistLoginState: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  redirectTo: z.string().max(REDIRECT_TARGET_MAX_LENGTH).optional(),
});

export const loginValidator = withZod(loginSchema);
