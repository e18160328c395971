// The new password form's fields and labels (the form validates on the server: schema.server.ts).

import { NEW_PASSWORD_FIELDS } from "~/domain/account-fields";
import { fieldNames, labelsOf } from "~/domain/form-fields";

export const RESET_PASSWORD_FIELDS = fieldNames(NEW_PASSWORD_FIELDS);

export const RESET_PASSWORD_FIELD_LABELS: Record<string, string> = labelsOf(NEW_PASSWORD_FIELDS);
