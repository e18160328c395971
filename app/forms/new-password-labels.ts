// The new password pair's limits and labels, for the forms that show it (no zod here: see decision 0009).

export const NEW_PASSWORD_MAX_LENGTH = 128;

export const NEW_PASSWORD_FIELD_LABELS = {
  new_password1: "新しいパスワード",
  new_password2: "新しいパスワード（確認）",
} as const;
