// The one shape every action answers when a form cannot go through (decision 0009): which form of the
// page failed, a message per field (§5: the first one), messages that belong to no field, and what
// the person sent, to put back (never a password). The page reads it through the form scope
// (components/form.tsx); this module is plain so both sides share the type.

/** The key of errors that belong to no field (Django REST Framework's non_field_errors). */
export const NON_FIELD_ERRORS = "non_field_errors";

export interface FormFailure {
  /** The id of the form that failed, on pages with several forms; null for the page's only form. */
  formId: string | null;
  /** One message per field, keyed by the field's name as posted. */
  fieldErrors: Record<string, string>;
  /** Messages for the form as a whole (§8 messages, the upstream's non_field_errors). */
  formErrors: string[];
  /** The values to put back into the fields, passwords removed. */
  values: Record<string, string>;
  /** The summary's heading when it is not the page's (the server failed, not what was typed). */
  title?: string;
}

/** The form a refused delete answers for: a toast tells it (§9), not a form's summary. */
export const DELETE_FORM_ID = "delete-file";

/** True for an action's answer in the failure shape (action data may be other things too). */
export function isFormFailure(data: unknown): data is FormFailure {
  return (
    typeof data === "object" &&
    data !== null &&
    "fieldErrors" in data &&
    "formErrors" in data &&
    "values" in data
  );
}
