// Fields of a plain Remix form whose inputs may stand outside its <form> element and belong to it
// through their form attribute (the invoice step's claims, whose upload slots are forms of their
// own). The errors are the action's answer (fieldErrors, keyed by field path), given through
// FieldErrorsProvider; no validation library runs in the browser, which keeps the wizard's JavaScript
// small (issue 5: within 110 KB). Same markup as components/form.tsx: label, ※必須/※任意, hint,
// error, aria-describedby; an error summary at the top that links to each field.

import { type ReactNode, createContext, useContext } from "react";
import {
  ErrorSummaryList,
  FieldMessage,
  NON_FIELD_ERRORS,
  PlainChoiceFrame,
  PlainFieldFrame,
  RequirementMark,
  fieldDescription,
  fieldId,
} from "./field-parts";

export { FieldMessage, NON_FIELD_ERRORS, RequirementMark, fieldId };

const FieldErrorsContext = createContext<Record<string, string>>({});

export function FieldErrorsProvider({
  errors,
  children,
}: {
  errors: Record<string, string> | undefined;
  children: ReactNode;
}) {
  return <FieldErrorsContext.Provider value={errors ?? {}}>{children}</FieldErrorsContext.Provider>;
}

export function useFieldError(name: string): string | undefined {
  return useContext(FieldErrorsContext)[name];
}

interface LinkedInputProps {
  formId: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  type?: "text" | "date";
  inputMode?: "text" | "numeric";
  maxLength?: number;
  autoComplete?: string;
  className?: string;
  /** What the page shows (the saved draft, or what was typed when it could not be saved). */
  defaultValue: string;
}

/** A text input of the form `formId`, wherever it stands on the page. */
export function LinkedInput({
  formId,
  name,
  label,
  required = false,
  hint,
  type = "text",
  inputMode,
  maxLength,
  autoComplete = "off",
  className,
  defaultValue,
}: LinkedInputProps) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <PlainFieldFrame
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <input
        id={id}
        name={name}
        form={formId}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, hint, error)}
        className="field-input"
      />
    </PlainFieldFrame>
  );
}

export function LinkedTextArea({
  formId,
  name,
  label,
  required = false,
  hint,
  maxLength,
  rows = 4,
  defaultValue,
}: {
  formId: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  maxLength?: number;
  rows?: number;
  defaultValue: string;
}) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <PlainFieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        form={formId}
        maxLength={maxLength}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, hint, error)}
        className="field-input"
      />
    </PlainFieldFrame>
  );
}

/** A radio group (fieldset and legend) of the form `formId`. */
export function LinkedRadios({
  formId,
  name,
  legend,
  options,
  required = true,
  hint,
  checkedValue,
}: {
  formId: string;
  name: string;
  checkedValue: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: ReactNode;
}) {
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <PlainChoiceFrame id={id} legend={legend} required={required} hint={hint} error={error}>
      <div className="choices choices-inline">
        {options.map((option, index) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              form={formId}
              value={option.value}
              id={index === 0 ? id : `${id}-${option.value}`}
              defaultChecked={option.value === checkedValue}
              aria-invalid={error ? true : undefined}
            />
            {option.label}
          </label>
        ))}
      </div>
    </PlainChoiceFrame>
  );
}

/** The error summary of a linked form (errors from FieldErrorsProvider). */
export function LinkedErrorSummary({ labels }: { labels: Record<string, string> }) {
  const errors = useContext(FieldErrorsContext);
  return <ErrorSummaryList errors={errors} labelOf={(name) => labels[name]} />;
}
