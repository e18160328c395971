// The pieces every form field shares, whichever way its form is built (remix-validated-form in
// form.tsx, or plain forms whose controls name their form with the `form` attribute in
// linked-fields.tsx and statement-fields.tsx): one id scheme (the error summary links to it), one
// ※必須/※任意 mark, one error message shape. No library here, so the wizard's pages stay small.

import type { ReactNode } from "react";

/** The key of errors that belong to no field (DRF's non_field_errors). */
export const NON_FIELD_ERRORS = "non_field_errors";

/** The id of a field's control; the error summary links to it. */
export const fieldId = (name: string) => `field-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

export function RequirementMark({ required }: { required: boolean }) {
  return <span className={required ? "mark-required" : "mark-optional"}>{required ? "※必須" : "※任意"}</span>;
}

/** The error under a field's label, with its id `${id}-error` for aria-describedby. */
export function FieldMessage({ id, error }: { id: string; error?: string | null }): ReactNode {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      <span className="visually-hidden">エラー：</span>
      {error}
    </p>
  );
}
