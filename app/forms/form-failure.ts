// The one shape every action answers when a form cannot go through (decision 0009); plain, so both sides share it.

export const NON_FIELD_ERRORS = "non_field_errors";

export interface FormFailure {
  formId: string | null;
  fieldErrors: Record<string, string>;
  formErrors: string[];
  values: Record<string, string>;
  title?: string;
  /** Said above the form, not an error: what was typed came back after a login, not sent (decision 0027). */
  notice?: string;
}

export const DELETE_FORM_ID = "delete-file";

export function isFormFailure(data: unknown): data is FormFailure {
  return (
    typeof data === "object" &&
    data !== null &&
    "fieldErrors" in data &&
    "formErrors" in data &&
    "values" in data
  );
}
