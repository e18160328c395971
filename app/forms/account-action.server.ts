// One shape for an account form's action: a form declares only what differs (the wizard's is its own).

import type { TypedResponse } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import { divisionRefusal } from "~/domain/business-types";
import { clientAddress } from "~/request/client-address";
import type { RequestContext } from "~/request/context.server";
import { RATE_LIMIT_MESSAGE, limitFormAttempt, retryAfterHeader } from "~/security/rate-limit.server";
import { UpstreamServerError, type UpstreamValidationError, whenRefused } from "~/upstream/errors.server";
import { type FormErrors, fieldErrorsFromUpstream, formFailure } from "./form-errors.server";
import { type FormFailure, NON_FIELD_ERRORS } from "./form-failure";
import { HONEYPOT_FIELD } from "./honeypot";
import { readForm } from "./read-form.server";

type Extras = Record<string, unknown>;

export type AccountAnswer<Extra extends Extras> = TypedResponse<FormFailure & Extra>;

export type Fail<Extra extends Extras = Extras> = (
  errors: FormErrors,
  status: number,
  options?: { headers?: Record<string, string>; extra?: Partial<Extra>; formId?: string },
) => Response;

export interface AccountForm<Data, Extra extends Extras = Record<never, never>> {
  formId?: string | null;
  extra?: Extra;
  honeypot?(fail: Fail<Extra>): Response; // nothing sent
  validator: Validator<Data>;
  invalid?(fail: Fail<Extra>): Response; // hidden fields only: a post no page sends
  refuse?(data: Data): FormErrors | null; // the brand's rules: 422, nothing counted or sent
  /** Per address and per target (decision 0014): the target is what the form acts on. */
  rateLimit?: { form: string; target(data: Data): string };
  upstreamLimits?: boolean; // its 429 said as the app's own limit
  upstreamFields: readonly string[];
  refused?(error: UpstreamValidationError, errors: FormErrors, fail: Fail<Extra>): Response;
  send(ctx: RequestContext, data: Data, fail: Fail<Extra>): Promise<Response>;
}

export async function accountAction<Data, Extra extends Extras = Record<never, never>>(
  ctx: RequestContext,
  request: Request,
  form: AccountForm<Data, Extra>,
  keep?: (typed: FormData) => void,
): Promise<AccountAnswer<Extra>> {
  const formData = await readForm(request);
  keep?.(formData);
  return answerAccountForm(ctx, request, formData, form);
}

export async function answerAccountForm<Data, Extra extends Extras = Record<never, never>>(
  ctx: RequestContext,
  request: Request,
  formData: FormData,
  form: AccountForm<Data, Extra>,
): Promise<AccountAnswer<Extra>> {
  return (await answer(ctx, request, formData, form)) as AccountAnswer<Extra>;
}

async function answer<Data, Extra extends Extras>(
  ctx: RequestContext,
  request: Request,
  formData: FormData,
  form: AccountForm<Data, Extra>,
): Promise<Response> {
  const fail: Fail<Extra> = (errors, status, options = {}) =>
    formFailure(errors, formData, status, {
      formId: options.formId ?? form.formId ?? null,
      headers: options.headers,
      extra: { ...form.extra, ...options.extra },
    });
  const tooManyTries = (retryAfterSeconds: number | null) =>
    fail({ [NON_FIELD_ERRORS]: RATE_LIMIT_MESSAGE }, 429, { headers: retryAfterHeader(retryAfterSeconds) });

  if (form.honeypot && formData.get(HONEYPOT_FIELD)) return form.honeypot(fail);
  const result = await form.validator.validate(formData);
  if (result.error) return form.invalid ? form.invalid(fail) : fail(result.error.fieldErrors, 422);
  const refusal = form.refuse?.(result.data);
  if (refusal) return fail(refusal, 422);
  if (form.rateLimit) {
    const target = form.rateLimit.target(result.data);
    const limit = await limitFormAttempt(form.rateLimit.form, target, clientAddress(request));
    if (!limit.allowed) return tooManyTries(limit.retryAfterSeconds);
  }
  try {
    return await whenRefused(
      () => form.send(ctx, result.data, fail),
      (error) => {
        const errors = fieldErrorsFromUpstream(error, form.upstreamFields);
        return form.refused ? form.refused(error, errors, fail) : fail(errors, 400);
      },
    );
  } catch (error) {
    if (form.upstreamLimits && error instanceof UpstreamServerError && error.status === 429) {
      return tooManyTries(error.retryAfterSeconds);
    }
    throw error;
  }
}

/** §6: a business type the brand turns away, said at its field (the page never offered it). */
export function divisionRefused(ctx: RequestContext) {
  return <Data extends { corporate_division: unknown }>({ corporate_division }: Data): FormErrors | null => {
    const refusal = divisionRefusal(corporate_division, ctx.brand.individualSupported);
    return refusal ? { corporate_division: refusal } : null;
  };
}
