// The new_password1 / new_password2 pair of Django's SetPasswordForm: the two must match, and the
// validators speak on new_password2 (REFERENCE.md: Django's password validators).

import { validatePassword } from "../auth/passwords";
import type { FieldErrors } from "./fields";
import { AccountMessage } from "./messages";

/** Adds the form's errors; returns the new password when it may be set. */
export function checkNewPassword(
  errors: FieldErrors,
  password1: string | undefined,
  password2: string | undefined,
  email: string,
): string | undefined {
  if (password1 === undefined || password2 === undefined) return undefined;
  if (password1 !== password2) {
    errors.add("new_password2", AccountMessage.passwordMismatch);
    return undefined;
  }
  const problems = validatePassword(password2, email);
  for (const problem of problems) errors.add("new_password2", problem);
  return problems.length === 0 ? password1 : undefined;
}
