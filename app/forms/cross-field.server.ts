// Zod skips an object-level refine while any single field fails, hiding a mismatch until the others are
// fixed: cross-field checks run on the raw values every time.

import { type FieldErrors, type GenericObject, type Validator, createValidator } from "remix-validated-form";

export type CrossFieldCheck = (values: GenericObject) => FieldErrors;

export function withCrossFieldChecks<T>(base: Validator<T>, check: CrossFieldCheck): Validator<T> {
  return createValidator<T>({
    validate: async (values) => {
      const result = await base.validate(values);
      const crossErrors = check(values);
      const fieldErrors = { ...crossErrors, ...(result.error?.fieldErrors ?? {}) };
      if (result.error || Object.keys(fieldErrors).length > 0) return { data: undefined, error: fieldErrors };
      return { data: result.data, error: undefined };
    },
    validateField: async (values, field) => {
      const crossErrors = check(values);
      if (crossErrors[field]) return { error: crossErrors[field] };
      return base.validateField ? base.validateField(values, field) : {};
    },
  });
}

export function passwordsMatch(password: string, confirmation: string, message: string): CrossFieldCheck {
  return (values) => {
    const first = values[password];
    const second = values[confirmation];
    if (typeof first === "string" && typeof second === "string" && second !== "" && first !== second) {
      return { [confirmation]: message };
    }
    return {};
  };
}
