// The form family's fields (decision 0009): label with ※必須/※任意, hint and error tied by aria-describedby.

import type { FocusEvent, FormEvent, ReactNode } from "react";
import { useField } from "./scope";

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** What a field's control points at: its hint and its error, when shown. */
export function fieldDescription(id: string, hint: unknown, error: unknown): string | undefined {
  return describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null);
}

export function RequirementMark({ required }: { required: boolean }) {
  return <span className={required ? "mark-required" : "mark-optional"}>{required ? "※必須" : "※任意"}</span>;
}

/** `alert` when the error appears without a page load, so it is announced. */
export function FieldMessage({
  id,
  error,
  alert = false,
}: {
  id: string;
  error?: string | null;
  alert?: boolean;
}): ReactNode {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error" role={alert ? "alert" : undefined}>
      <span className="visually-hidden">エラー：</span>
      {error}
    </p>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  );
}

export interface FrameProps {
  id: string;
  required: boolean;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/** A single control: label with its mark, hint, error, then the control. */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: FrameProps & { label: ReactNode }) {
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

/** Props every field of the family takes. */
export interface FieldProps {
  name: string;
  required?: boolean;
  hint?: ReactNode;
  /** An error this page knows better than the action's answer (rare). */
  error?: string | null;
  /** The starting value when the scope's defaults do not hold it (a list item's own value). */
  defaultValue?: string;
  className?: string;
  /** The id of more text about the field beside it (a notice that follows what is typed). */
  describedBy?: string;
}

export interface Choice {
  value: string;
  label: string;
}

/** The frame's and the control's props, in one place so text field, text area and select agree. */
export function useLabelledControl(props: FieldProps, label: string | undefined) {
  const { name, required = false, hint, className, describedBy: more } = props;
  const field = useField(name, props);
  return {
    frame: {
      id: field.id,
      label: label ?? field.label ?? name,
      required,
      hint,
      error: field.error,
      className,
    },
    control: {
      id: field.id,
      name,
      form: field.form,
      defaultValue: field.defaultValue,
      required,
      "aria-invalid": field.error ? true : undefined,
      "aria-describedby": describedBy(fieldDescription(field.id, hint, field.error), more),
      onInput: field.onInput,
      className: "field-input",
    },
  };
}

export function TextField({
  label,
  type = "text",
  autoComplete = "off",
  inputMode,
  maxLength,
  onInput,
  onBlur,
  ...props
}: FieldProps & {
  /** The field's label; without one, the form's (FormScope's labels). */
  label?: string;
  type?: "text" | "email" | "password" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  maxLength?: number;
  /** An enhancement that follows what is typed (with JavaScript): an amount's grouping, a notice. */
  onInput?(event: FormEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
}) {
  const { frame, control } = useLabelledControl(props, label);
  return (
    <FieldFrame {...frame}>
      <input
        {...control}
        onInput={(event) => {
          control.onInput();
          onInput?.(event);
        }}
        onBlur={onBlur}
        type={type}
        // A password is never put back (the failure shape never carries one).
        defaultValue={type === "password" ? undefined : control.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  maxLength,
  rows = 4,
  ...props
}: FieldProps & { label?: string; maxLength?: number; rows?: number }) {
  const { frame, control } = useLabelledControl(props, label);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} maxLength={maxLength} rows={rows} />
    </FieldFrame>
  );
}

/** A radio group in a fieldset; controlled when the page passes `value` and `onChange`. */
export function RadioField({
  legend,
  options,
  value,
  onChange,
  inline = false,
  ...props
}: FieldProps & {
  /** The group's legend; without one, the form's label for it (FormScope's labels). */
  legend?: string;
  options: readonly Choice[];
  value?: string | null;
  onChange?(value: string): void;
  inline?: boolean;
}) {
  const { name, required = false, hint, className } = props;
  const field = useField(name, props);
  const controlled = onChange !== undefined;
  return (
    <fieldset
      className={[field.error ? "field field-has-error" : "field", className].filter(Boolean).join(" ")}
      aria-describedby={fieldDescription(field.id, hint, field.error)}
    >
      <legend className="field-label">
        {legend ?? field.label ?? name} <RequirementMark required={required} />
      </legend>
      <FieldHint id={field.id} hint={hint} />
      <FieldMessage id={field.id} error={field.error} />
      <div className={inline ? "choices choices-inline" : "choices"}>
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              form={field.form}
              value={option.value}
              id={index === 0 ? field.id : `${field.id}-${option.value}`}
              {...(controlled
                ? { checked: value === option.value, onChange: () => onChange(option.value) }
                : { defaultChecked: field.defaultValue === option.value })}
              onInput={field.onInput}
              aria-invalid={field.error ? true : undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
