// The reset request form's labels (the form validates on the server: schema.server.ts).

import { RECOVER_FIELDS } from "~/domain/account-fields";
import { labelsOf } from "~/domain/form-fields";

export const RECOVER_FIELD_LABELS: Record<string, string> = labelsOf(RECOVER_FIELDS);
