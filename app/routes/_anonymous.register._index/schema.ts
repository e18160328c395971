// The registration form (§7 POST /api/register/: registration fields plus an experiment-user id).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";
import { passwordsMatch, withCrossFieldChecks } from "~/forms/cross-field";
import { emailField } from "../_anonymous.login/schema";

export const PASSWORD_RULE_TEXT =
  "8文字以上で、数字だけにしないでください。推測されやすいパスワードは使えません。";

export const registerSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: ValidationMessage.blank })
    .min(1, ValidationMessage.blank)
    .min(8, "パスワードは8文字以上で入力してください。")
    .max(128, "パスワードは128文字以内で入力してください。")
    .refine((value) => !/^\d+$/.test(value), "数字だけのパスワードは使えません。"),
  password_confirmation: z
    .string({ required_error: ValidationMessage.blank })
    .min(1, ValidationMessage.blank),
  corporate_division: z.enum(["corporate", "individual"], {
    errorMap: () => ({ message: "法人か個人事業主かを選択してください。" }),
  }),
  agreement: z.literal("on", {
    errorMap: () => ({ message: "利用規約とプライバシーポリシーへの同意が必要です。" }),
  }),
  experiment_user_id: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .catch(undefined),
});

export const registerValidator = withCrossFieldChecks(
  withZod(registerSchema),
  passwordsMatch(
    "password",
    "password_confirmation",
    "パスワードが一致しません。同じパスワードを入力してください。",
  ),
);

export const REGISTER_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
  corporate_division: "事業形態",
  agreement: "利用規約への同意",
};

export const CORPORATE_DIVISION_OPTIONS = [
  { value: "corporate", label: "法人" },
  { value: "individual", label: "個人事業主" },
] as const;
