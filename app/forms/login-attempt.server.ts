// One login attempt, for /login and a wizard step's login in place alike (decisions 0014, 0020, 0027).

import { ErrorMessage } from "~/domain/error-messages";
import { HONEYPOT_FIELD } from "./honeypot";
import type { WrongServiceNotice } from "./login-labels";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { fieldErrorsFromUpstream, formFailure } from "~/forms/form-errors.server";
import { loginValidator } from "~/forms/login-schema.server";
import { clientAddress } from "~/request/client-address";
import type { RequestContext } from "~/request/context.server";
import { deviceCookieAfterLogin, loginSource } from "~/security/device-cookie.server";
import {
  RATE_LIMIT_MESSAGE,
  limitLoginAttempt,
  newBrowsersSlowedMessage,
  retryAfterHeader,
} from "~/security/rate-limit.server";
import { logError } from "~/telemetry/logger.server";
import { login } from "~/upstream/auth.server";
import {
  UpstreamMalformedResponseError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  whenRefused,
} from "~/upstream/errors.server";

type WrongService = WrongServiceNotice;

export type LoginAttempt =
  | { failure: Response }
  /** Logged in: the headers the answer must carry (the device cookie), and the posted return target. */
  | { headers: Record<string, string>; redirectTo: string | undefined };

function loginFailure(
  fieldErrors: Record<string, string>,
  submitted: Record<string, unknown>,
  status: number,
  wrongService: WrongService | null = null,
  headers?: Record<string, string>,
) {
  return formFailure(fieldErrors, submitted, status, { extra: { wrongService }, headers });
}

function tooManyTries(
  submitted: Record<string, unknown>,
  retryAfterSeconds: number | null,
  message = RATE_LIMIT_MESSAGE,
) {
  return loginFailure(
    { [NON_FIELD_ERRORS]: message },
    submitted,
    429,
    null,
    retryAfterHeader(retryAfterSeconds),
  );
}

export async function attemptLogin(
  ctx: RequestContext,
  request: Request,
  formData: FormData,
): Promise<LoginAttempt> {
  const submitted = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string"));
  if (formData.get(HONEYPOT_FIELD)) {
    return {
      failure: loginFailure(
        { [NON_FIELD_ERRORS]: "ログインできませんでした。入力内容をご確認ください。" },
        submitted,
        400,
      ),
    };
  }
  const result = await loginValidator.validate(formData);
  if (result.error) return { failure: loginFailure(result.error.fieldErrors, submitted, 422) };
  const { email, password, persistLoginState, redirectTo } = result.data;

  // Per address, and per account in this browser's bucket: guesses from elsewhere never lock the owner out.
  const source = await loginSource(request, email);
  const limit = await limitLoginAttempt(source, clientAddress(request));
  if (!limit.allowed) {
    const retryAt = new Date(Date.now() + limit.retryAfterSeconds * 1000);
    const message = limit.newBrowsersSlowed ? newBrowsersSlowedMessage(retryAt) : RATE_LIMIT_MESSAGE;
    return { failure: tooManyTries(submitted, limit.retryAfterSeconds, message) };
  }

  let refused: Response | null;
  try {
    refused = await whenRefused(
      async () => {
        await login(ctx, { email, password, persistLoginState }, source.device);
        return null;
      },
      async (error) => {
        await limit.takeBack();
        return loginFailure(fieldErrorsFromUpstream(error, ["email", "password"]), submitted, 400);
      },
    );
  } catch (error) {
    // Only a wrong password counts; the other brand's 401 comes only with the right one.
    const wrongPassword = error instanceof UpstreamUnauthorizedError && !error.correctLoginUrl;
    await (wrongPassword ? limit.countWrongPassword() : limit.takeBack());
    if (error instanceof UpstreamUnauthorizedError) {
      // §8 "Login 401: operational error with server detail"; §6 the wrong service names the right one.
      const wrongService: WrongService | null =
        error.correctLoginUrl && /^https?:\/\//.test(error.correctLoginUrl)
          ? { url: error.correctLoginUrl, serviceName: error.serviceName ?? "" }
          : null;
      return { failure: loginFailure({ [NON_FIELD_ERRORS]: error.detail }, submitted, 401, wrongService) };
    }
    if (error instanceof UpstreamMalformedResponseError) {
      logError(error, "upstream: login answered no session");
      return { failure: loginFailure({ [NON_FIELD_ERRORS]: ErrorMessage.loginNoSession }, submitted, 502) };
    }
    if (error instanceof Response) throw error;
    const status = (error as { status?: number }).status;
    if (status === 429) {
      const retryAfter = error instanceof UpstreamServerError ? error.retryAfterSeconds : null;
      return { failure: tooManyTries(submitted, retryAfter) };
    }
    throw error;
  }
  if (refused) return { failure: refused };
  await limit.takeBack();
  return { headers: { "Set-Cookie": await deviceCookieAfterLogin(request, email) }, redirectTo };
}
