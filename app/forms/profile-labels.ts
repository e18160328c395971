// The profile form's labels, from its tables (app/domain/profile-form.ts), for fields and error summary.

import { labelsOf } from "~/domain/form-fields";
import { PROFILE_FORM_TABLE } from "~/domain/profile-form";

export { profileFieldLabels } from "~/domain/profile-form";

export const PROFILE_FIELD_LABELS: Record<string, string> = labelsOf(PROFILE_FORM_TABLE);

export const PROFILE_FORM_FIELDS = Object.keys(PROFILE_FIELD_LABELS);
