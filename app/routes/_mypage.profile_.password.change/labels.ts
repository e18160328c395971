// The password change form's fields and labels (the form validates on the server: schema.server.ts).

import { NEW_PASSWORD_FIELD_LABELS } from "~/forms/new-password-labels";

export interface PasswordChangeInput {
  old_password?: string;
  new_password1: string;
  new_password2: string;
}

export const CHANGE_PASSWORD_FIELDS = ["old_password", "new_password1", "new_password2"] as const;

export const CHANGE_PASSWORD_FIELD_LABELS: Record<string, string> = {
  old_password: "現在のパスワード",
  ...NEW_PASSWORD_FIELD_LABELS,
};
