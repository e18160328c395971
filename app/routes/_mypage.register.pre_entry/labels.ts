// The pre-entry screening form's labels, from its table, and its choices (the form validates on the server: schema.server.ts).

import { PRE_ENTRY_FIELDS } from "~/domain/account-fields";
import { labelsOf } from "~/domain/form-fields";

export const PRE_ENTRY_FIELD_LABELS: Record<string, string> = labelsOf(PRE_ENTRY_FIELDS);

export const YES_NO = {
  invoice: [
    { value: "yes", label: "発行している" },
    { value: "no", label: "発行していない" },
  ],
  delinquency: [
    { value: "no", label: "滞納はない" },
    { value: "yes", label: "滞納がある" },
  ],
} as const;
