// The new password form's fields and labels (the form validates on the server: schema.server.ts).

import { NEW_PASSWORD_FIELD_LABELS } from "~/forms/new-password-labels";

export const RESET_PASSWORD_FIELDS = ["new_password1", "new_password2"] as const;

export const RESET_PASSWORD_FIELD_LABELS: Record<string, string> = { ...NEW_PASSWORD_FIELD_LABELS };
