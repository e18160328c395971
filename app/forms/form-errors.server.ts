// Failures into the one failure shape (decision 0009): values back without passwords, a message per field (§5).

import { json } from "@remix-run/node";
import { ErrorMessage } from "~/domain/error-messages";
import {
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
  UpstreamServerError,
  type UpstreamValidationError,
  firstMessages,
} from "~/upstream/errors.server";
import { type FormFailure, NON_FIELD_ERRORS } from "./form-failure";

const SECRET_FIELDS = /password/i;

export const isSecretField = (name: string) => SECRET_FIELDS.test(name);

/** A message per field name; NON_FIELD_ERRORS (DRF's) holds one for the whole form. */
export type FormErrors = Record<string, string>;

export function valuesWithoutSecrets(submitted: FormData | Record<string, unknown>): Record<string, string> {
  const entries = submitted instanceof FormData ? [...submitted] : Object.entries(submitted);
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value === "string" && !isSecretField(name) && !(name in values)) values[name] = value;
  }
  return values;
}

function failureBody(
  errors: FormErrors,
  submitted: FormData | Record<string, unknown>,
  formId: string | null = null,
  moreFormErrors: readonly string[] = [],
): FormFailure {
  const { [NON_FIELD_ERRORS]: formError, ...fieldErrors } = errors;
  return {
    formId,
    fieldErrors,
    formErrors: [...(formError ? [formError] : []), ...moreFormErrors],
    values: valuesWithoutSecrets(submitted),
  };
}

export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  errors: FormErrors,
  submitted: FormData | Record<string, unknown>,
  status = 400,
  options: {
    formId?: string | null;
    formErrors?: readonly string[];
    title?: string;
    /** Said above the form, not an error (a form brought back filled: decision 0027). */
    notice?: string;
    extra?: Extra;
    headers?: Record<string, string>;
  } = {},
) {
  const body = failureBody(errors, submitted, options.formId ?? null, options.formErrors);
  if (options.title) body.title = options.title;
  if (options.notice) body.notice = options.notice;
  return json({ ...body, ...(options.extra as Extra) }, { status, headers: options.headers });
}

// §8, for a save the upstream failed on its side: said above the form as sent, under the status the error
// screen would have had. Null for any other error: §8's other answers stay the caller's.
export function serverFailure(error: unknown, submitted: FormData, formId: string | null): Response | null {
  const code = upstreamFailureCode(error);
  if (code === null) return null;
  const noAnswer = error instanceof UpstreamNetworkError;
  // 499 names the silence (§8) but is no status to answer with: 503, as its error screen is.
  return formFailure({}, submitted, noAnswer ? 503 : code, {
    formId,
    title: noAnswer ? ErrorMessage.savingNoAnswer : ErrorMessage.savingServerError,
    formErrors: [ErrorMessage.status(code), ErrorMessage.savingTypedKept],
  });
}

function upstreamFailureCode(error: unknown): number | null {
  if (error instanceof UpstreamNetworkError || error instanceof UpstreamMalformedResponseError) {
    return error.status;
  }
  const isServerError = error instanceof UpstreamServerError && error.status >= 500 && error.status <= 599;
  return isServerError && !error.redirectTo ? error.status : null;
}

// §8 "merged into the step's field errors": errors of fields the form does not show go to the top.
export function fieldErrorsFromUpstream(
  error: UpstreamValidationError,
  formFields: readonly string[],
): FormErrors {
  const result: FormErrors = {};
  const top: string[] = [...error.nonFieldErrors];
  for (const [field, message] of Object.entries(firstMessages(error.fieldErrors))) {
    if (formFields.includes(field)) result[field] = message;
    else top.push(message);
  }
  if (top.length > 0) result[NON_FIELD_ERRORS] = top[0]!;
  return result;
}
