// The pieces every form field shares, whichever way its form is built (remix-validated-form in
// form.tsx, or plain forms whose controls name their form with the `form` attribute in
// linked-fields.tsx and statement-fields.tsx): one id scheme (the error summary links to it), one
// ※必須/※任意 mark, one error message shape, and the frames (label or legend, hint, error) the plain
// forms' controls stand in. No library here, so the wizard's pages stay small.

import { type ReactNode, useEffect, useRef } from "react";

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

/** What a field's control points at: its hint and its error, when shown. */
export function fieldDescription(id: string, hint: unknown, error: unknown): string | undefined {
  return describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null);
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  );
}

interface FrameProps {
  /** The control's id (fieldId of its name). */
  id: string;
  required: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}

/** A plain form's single control: label with its mark, hint, error, then the control. */
export function PlainFieldFrame({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: FrameProps & { label: string; className?: string }) {
  return (
    <div className={[error ? "field field-has-error" : "field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field-label">
        {label} <RequirementMark required={required} />
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldMessage id={id} error={error} />
      {children}
    </div>
  );
}

/** A plain form's group of choices: fieldset and legend with its mark, hint, error, then the choices. */
export function PlainChoiceFrame({
  id,
  legend,
  required,
  hint,
  error,
  children,
}: FrameProps & { legend: string }) {
  return (
    <fieldset
      className={error ? "field field-has-error" : "field"}
      aria-describedby={fieldDescription(id, hint, error)}
    >
      <legend className="field-label">
        {legend} <RequirementMark required={required} />
      </legend>
      <FieldHint id={id} hint={hint} />
      <FieldMessage id={id} error={error} />
      {children}
    </fieldset>
  );
}

/**
 * The error summary at the top of a form (GOV.UK, デジタル庁): 「エラー：」, then each message linking
 * to its field with the same wording as at the field. It takes focus when it appears after a submit
 * with JavaScript; without it the page loads with it on top. Every kind of form uses this one.
 */
export function ErrorSummaryList({
  errors,
  labelOf,
}: {
  errors: Readonly<Record<string, string | undefined>>;
  /** What to call a field in the summary; a message without a label stands alone. */
  labelOf: (name: string) => string | null | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const signature = entries.map(([name, message]) => `${name}:${message}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">エラー：入力内容をご確認ください</h2>
      <ul>
        {entries.map(([name, message]) => {
          if (name === NON_FIELD_ERRORS) return <li key={name}>{message}</li>;
          const label = labelOf(name);
          return (
            <li key={name}>
              <a href={`#${fieldId(name)}`}>
                {label ? `${label}：` : ""}
                {message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
