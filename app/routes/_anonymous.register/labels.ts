// The registration form's labels, from its table (the form validates on the server: schema.server.ts).

import { REGISTER_FIELDS } from "~/domain/account-fields";
import { labelsOf } from "~/domain/form-fields";

export const REGISTER_FIELD_LABELS: Record<string, string> = labelsOf(REGISTER_FIELDS);
