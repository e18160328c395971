// A select of the form family.

import { type Choice, FieldFrame, type FieldProps, useLabelledControl } from "./fields";

export function SelectField({
  label,
  options,
  placeholder,
  ...props
}: FieldProps & { label?: string; options: readonly Choice[]; placeholder?: string }) {
  const { frame, control } = useLabelledControl(props, label);
  return (
    <FieldFrame {...frame}>
      <select {...control}>
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
