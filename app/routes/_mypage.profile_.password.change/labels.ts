// The password change form's fields and labels (the form validates on the server: schema.server.ts).

import { CHANGE_PASSWORD_FIELDS as TABLE } from "~/domain/account-fields";
import { fieldNames, labelsOf } from "~/domain/form-fields";

export interface PasswordChangeInput {
  old_password?: string;
  new_password1: string;
  new_password2: string;
}

export const CHANGE_PASSWORD_FIELDS = fieldNames(TABLE);

export const CHANGE_PASSWORD_FIELD_LABELS: Record<string, string> = labelsOf(TABLE);
