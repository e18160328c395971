// Field pieces for the financial and withdrawal steps. Their inputs sit beside upload slots, which
// are forms of their own (ARCHITECTURE decision 8), and HTML forms cannot nest: so these controls
// name their form with the `form` attribute instead of living inside it, and the step's action
// (server-side rules of app/domain) answers the errors, shown at each field and in a summary at the
// top (REFERENCE.md: デジタル庁 and GOV.UK patterns, the same wording in both places).

import { useNavigation } from "@remix-run/react";
import { type ReactNode } from "react";
import {
  ErrorSummaryList,
  PlainChoiceFrame,
  PlainFieldFrame,
  fieldDescription,
  fieldId,
} from "./field-parts";

/** The id of a field's control (the summary links to it): the one scheme of field-parts.tsx. */
export const stepFieldId = fieldId;

export interface StepTextFieldProps {
  form: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string | null;
  required?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  inputMode?: "text" | "numeric";
  autoComplete?: string;
}

export function StepTextField({
  form,
  name,
  label,
  defaultValue,
  error,
  required = true,
  hint,
  maxLength,
  inputMode,
  autoComplete = "off",
}: StepTextFieldProps) {
  const id = stepFieldId(name);
  return (
    <PlainFieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        form={form}
        name={name}
        type="text"
        defaultValue={defaultValue}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, hint, error)}
        className="field-input"
      />
    </PlainFieldFrame>
  );
}

export interface StepRadioGroupProps {
  form: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  /** Controlled: the page keeps the answer, so what depends on it follows at once with JavaScript. */
  value: string | null;
  onChange(value: string): void;
  error?: string | null;
  required?: boolean;
  hint?: ReactNode;
}

export function StepRadioGroup({
  form,
  name,
  legend,
  options,
  value,
  onChange,
  error,
  required = true,
  hint,
}: StepRadioGroupProps) {
  const id = stepFieldId(name);
  return (
    <PlainChoiceFrame id={id} legend={legend} required={required} hint={hint} error={error}>
      <div className="choices">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              form={form}
              name={name}
              value={option.value}
              id={index === 0 ? id : `${id}-${option.value}`}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
    </PlainChoiceFrame>
  );
}

/** The error summary of a step's form (errors as the action answered them). */
export function StepErrorSummary({
  errors,
  labels,
}: {
  errors: Record<string, string>;
  /** What to call each field in the summary; a message without a label stands alone. */
  labels: (name: string) => string | null;
}) {
  return <ErrorSummaryList errors={errors} labelOf={labels} />;
}

/**
 * A submit button of the step's form, wherever it sits on the page (`form` attribute). With
 * JavaScript it says it is working while its own intent is on the way, and every step button waits,
 * so a double press sends one request.
 */
export function StepButton({
  form,
  intent,
  children,
  pendingText,
  variant = "secondary",
  hidden = false,
}: {
  form: string;
  intent: string;
  children: ReactNode;
  pendingText?: string;
  variant?: "primary" | "secondary" | "danger" | "link";
  /** The form's default button (Enter in a field): present for the browser, not shown. */
  hidden?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== undefined;
  const mine = busy && navigation.formData?.get("intent") === intent;
  const className = hidden
    ? "visually-hidden"
    : variant === "link"
      ? "link-button"
      : `button button-${variant}`;
  return (
    <button
      type="submit"
      form={form}
      name="intent"
      value={intent}
      className={className}
      disabled={busy}
      aria-disabled={busy || undefined}
      tabIndex={hidden ? -1 : undefined}
      aria-hidden={hidden || undefined}
    >
      {mine && pendingText ? pendingText : children}
    </button>
  );
}
