// A select of the form family.

import { type Choice, FieldFrame, type FieldProps, fieldDescription } from "./fields";
import { useField } from "./scope";

export function SelectField({
  label,
  options,
  placeholder,
  ...props
}: FieldProps & { label: string; options: readonly Choice[]; placeholder?: string }) {
  const { name, required = false, hint, className } = props;
  const field = useField(name, props);
  return (
    <FieldFrame
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      error={field.error}
      className={className}
    >
      <select
        id={field.id}
        name={name}
        form={field.form}
        defaultValue={field.defaultValue}
        required={required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={fieldDescription(field.id, hint, field.error)}
        onInput={field.onInput}
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
