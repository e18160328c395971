// Accessible form pieces (REFERENCE.md, デジタル庁 design system and GOV.UK): a label with ※必須 or
// ※任意, support text, the error at the field, all tied with aria-describedby; an error summary at the
// top linking to each field with the same wording; a submit button with a pending state.

import { type ReactNode } from "react";
import { useField, useFormContext, useIsSubmitting } from "remix-validated-form";
import { ErrorSummaryList, RequirementMark, describedBy, fieldDescription, fieldId } from "./field-parts";

export { NON_FIELD_ERRORS, fieldId } from "./field-parts";

/**
 * Errors appear when the person submits, then update as they correct the field. Validating on blur
 * before that would show a message under the last field just as they press the button below it,
 * moving the button away from the pointer (and scolding people for fields they have not finished).
 */
const VALIDATE_ON_SUBMIT = {
  initial: "onSubmit",
  whenTouched: "onSubmit",
  whenSubmitted: "onChange",
} as const;

function useFormField(name: string) {
  return useField(name, { validationBehavior: VALIDATE_ON_SUBMIT });
}

export interface TextFieldProps {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "number";
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  maxLength?: number;
}

export function TextField({
  name,
  label,
  type = "text",
  required = false,
  hint,
  autoComplete,
  inputMode,
  maxLength,
}: TextFieldProps) {
  const { error, getInputProps } = useFormField(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        {...getInputProps({
          id,
          type,
          autoComplete,
          inputMode,
          maxLength,
          required,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": fieldDescription(id, hint, error),
        })}
        className="field-input"
      />
    </FieldFrame>
  );
}

/** The label, support text and error of one field, tied to its control by ids. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? "field field-has-error" : "field"}>
      <label htmlFor={id} className="field-label">
        {label} <RequirementMark required={required} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">エラー：</span>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function SelectField({
  name,
  label,
  options,
  required = false,
  hint,
  placeholder,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: ReactNode;
  placeholder?: string;
}) {
  const { error, getInputProps } = useFormField(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select
        {...getInputProps({
          id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": fieldDescription(id, hint, error),
        })}
        className="field-input"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  name,
  label,
  required = false,
  hint,
  maxLength,
  rows = 4,
}: {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  rows?: number;
}) {
  const { error, getInputProps } = useFormField(name);
  const id = fieldId(name);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...getInputProps({
          id,
          maxLength,
          rows,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": fieldDescription(id, hint, error),
        })}
        className="field-input"
      />
    </FieldFrame>
  );
}

export interface ChoiceFieldProps {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: ReactNode;
}

/** A radio group in a fieldset with its legend (the error and hint described on the group). */
export function RadioField({ name, legend, options, required = false, hint }: ChoiceFieldProps) {
  const { error, getInputProps } = useFormField(name);
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={error ? "field field-has-error" : "field"}
      aria-describedby={describedBy(hintId, errorId)}
    >
      <legend className="field-label">
        {legend} <RequirementMark required={required} />
      </legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">エラー：</span>
          {error}
        </p>
      ) : null}
      <div className="choices">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              {...getInputProps({
                type: "radio",
                value: option.value,
                id: index === 0 ? id : `${id}-${option.value}`,
              })}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  required = false,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}) {
  const { error, getInputProps } = useFormField(name);
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={error ? "field field-has-error" : "field"}>
      {error ? (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">エラー：</span>
          {error}
        </p>
      ) : null}
      <label className="choice" htmlFor={id}>
        <input
          {...getInputProps({
            type: "checkbox",
            id,
            value: "on",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy(hintId, errorId),
          })}
        />
        <span>
          {label}
          {required ? (
            <>
              {" "}
              <RequirementMark required />
            </>
          ) : null}
        </span>
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The error summary of a validated form (errors from remix-validated-form's context). */
export function ErrorSummary({ labels }: { labels?: Record<string, string> }) {
  const { fieldErrors } = useFormContext();
  return <ErrorSummaryList errors={fieldErrors} labelOf={(name) => labels?.[name]} />;
}

export function SubmitButton({
  children,
  pendingText = "送信中…",
}: {
  children: ReactNode;
  pendingText?: string;
}) {
  const submitting = useIsSubmitting();
  return (
    <button type="submit" className="button button-primary" disabled={submitting} aria-disabled={submitting}>
      {submitting ? pendingText : children}
    </button>
  );
}

/** A field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";

export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        この欄には何も入力しないでください
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
