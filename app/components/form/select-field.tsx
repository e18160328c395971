// A select of the form family.

import { type Choice, FieldFrame, type FieldProps, useLabelledControl } from "./fields";

export function SelectField({
  label,
  options,
  placeholder,
  autoComplete,
  ...props
}: FieldProps & {
  label?: string;
  options: readonly Choice[];
  placeholder?: string;
  /** A browser's own details that fill it (a prefecture: address-level1). */
  autoComplete?: string;
}) {
  const { frame, control } = useLabelledControl(props, label);
  return (
    <FieldFrame {...frame}>
      <select {...control} autoComplete={autoComplete}>
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
