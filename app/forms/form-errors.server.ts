// Turning failures into the one failure shape (form-failure.ts): the values come back (never a
// password), each message at its field (§5 "shown per form field … taking the first message"),
// anything else at the top, with a 4xx (a 5xx when the upstream failed on its side while saving).

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

/** A field whose value never comes back to the page (a password). */
export const isSecretField = (name: string) => SECRET_FIELDS.test(name);

/**
 * Errors as actions collect them: a message per field name; the key NON_FIELD_ERRORS (DRF's) holds
 * a message for the whole form.
 */
export type FormErrors = Record<string, string>;

/** The submitted values to repopulate the form with, without any password field or file. */
export function valuesWithoutSecrets(submitted: FormData | Record<string, unknown>): Record<string, string> {
  const entries = submitted instanceof FormData ? [...submitted] : Object.entries(submitted);
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value === "string" && !isSecretField(name) && !(name in values)) values[name] = value;
  }
  return values;
}

/** The failure shape's body (for callers that add their own data beside it). */
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

/** The response of a form that cannot go through: the failure shape, plus data the page needs. */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  errors: FormErrors,
  submitted: FormData | Record<string, unknown>,
  status = 400,
  options: {
    formId?: string | null;
    formErrors?: readonly string[];
    /** The summary's heading, when not the page's own. */
    title?: string;
    extra?: Extra;
    /** E.g. Retry-After on a 429. */
    headers?: Record<string, string>;
  } = {},
) {
  const body = failureBody(errors, submitted, options.formId ?? null, options.formErrors);
  if (options.title) body.title = options.title;
  return json({ ...body, ...(options.extra as Extra) }, { status, headers: options.headers });
}

/**
 * A save that met the upstream's own failure: §8 "Other statuses: server error, default message
 * ステータス {code}" (5xx, or an answer it cannot read: 502) or "No response … status 499". Said in the
 * error summary above the form as sent, with the HTTP status the error screen would have had (the page
 * did not go through); the person presses again once the upstream is back. Null for any other error
 * (a refusal, an ended session, a 5xx naming where to go): §8's other answers stay the caller's.
 */
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

/** §8's code of a failure on the upstream's side (5xx, 502 unreadable, 499 no answer), else null. */
function upstreamFailureCode(error: unknown): number | null {
  if (error instanceof UpstreamNetworkError || error instanceof UpstreamMalformedResponseError) {
    return error.status;
  }
  const isServerError = error instanceof UpstreamServerError && error.status >= 500 && error.status <= 599;
  return isServerError && !error.redirectTo ? error.status : null;
}

/**
 * §8 "400 with body: validation error with per-field errors and non-field error list; merged into the
 * step's field errors." Errors of fields the form does not show go to the top, so none is lost.
 */
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
