// Turning failures into a form's errors: the values come back (never a password), each message at its
// field (§5 "shown per form field … taking the first message"), anything else at the top, with a 4xx.

import { json } from "@remix-run/node";
import { NON_FIELD_ERRORS } from "~/components/form";
import { type UpstreamValidationError, firstMessages } from "~/upstream/errors.server";

const SECRET_FIELDS = /password/i;
/** The hidden field remix-validated-form adds to a form that has an id. */
const FORM_ID_FIELD = "__rvfInternalFormId";

/** The submitted values to repopulate the form with, without any password field. */
export function valuesWithoutSecrets(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.test(name)));
}

/** The response shape remix-validated-form reads (fieldErrors, repopulateFields), plus extra data. */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  fieldErrors: Record<string, string>,
  submitted: Record<string, unknown>,
  status = 400,
  extra?: Extra,
) {
  // With several forms on a page, the form id says which one the errors belong to.
  const formId =
    typeof submitted[FORM_ID_FIELD] === "string" ? (submitted[FORM_ID_FIELD] as string) : undefined;
  return json(
    { fieldErrors, formId, repopulateFields: valuesWithoutSecrets(submitted), ...(extra as Extra) },
    { status },
  );
}

/**
 * §8 "400 with body: validation error with per-field errors and non-field error list; merged into the
 * step's field errors." Errors of fields the form does not show go to the top, so none is lost.
 */
export function fieldErrorsFromUpstream(
  error: UpstreamValidationError,
  formFields: readonly string[],
): Record<string, string> {
  const result: Record<string, string> = {};
  const top: string[] = [...error.nonFieldErrors];
  for (const [field, message] of Object.entries(firstMessages(error.fieldErrors))) {
    if (formFields.includes(field)) result[field] = message;
    else top.push(message);
  }
  if (top.length > 0) result[NON_FIELD_ERRORS] = top[0]!;
  return result;
}
