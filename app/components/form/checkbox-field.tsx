// A single checkbox of the form family.

import type { ReactNode } from "react";
import { FieldHint, FieldMessage, type FieldProps, RequirementMark, describedBy } from "./fields";
import { useField } from "./scope";

/** A single checkbox; it posts "on" when ticked (and starts ticked from "on" or "true"). */
export function CheckboxField({ label, ...props }: FieldProps & { label: ReactNode }) {
  const { name, required = false, hint, className } = props;
  const field = useField(name, props);
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={[field.error ? "field field-has-error" : "field", className].filter(Boolean).join(" ")}>
      <FieldMessage id={field.id} error={field.error} />
      <label className="choice">
        <input
          type="checkbox"
          id={field.id}
          name={name}
          form={field.form}
          value="on"
          defaultChecked={field.defaultValue === "on" || field.defaultValue === "true"}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(hintId, field.error ? `${field.id}-error` : null)}
          onInput={field.onInput}
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
      <FieldHint id={field.id} hint={hint} />
    </div>
  );
}
