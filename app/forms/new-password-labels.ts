// The new password pair's labels, from its table, for the forms that show it (no zod here: see decision 0009).

import { NEW_PASSWORD_FIELDS } from "~/domain/account-fields";
import { labelsOf } from "~/domain/form-fields";

export const NEW_PASSWORD_FIELD_LABELS = labelsOf(NEW_PASSWORD_FIELDS);
