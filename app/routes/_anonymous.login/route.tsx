// §2 /login (anonymous layout, already-login-to-mypage, propagate-errors-in-hash-json).

import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField } from "~/components/form/checkbox-field";
import { TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { HONEYPOT_FIELD, HoneypotField } from "~/components/form/honeypot";
import { SubmitButton } from "~/components/form/submit-button";
import { PropagatedNotices } from "~/components/notices";
import { ErrorMessage } from "~/domain/error-messages";
import { safeRedirectTarget } from "~/domain/redirect-target";
import { clientAddress } from "~/request/client-address";
import { RATE_LIMIT_MESSAGE, limitLoginAttempt, retryAfterHeader } from "~/security/rate-limit.server";
import { deviceCookieAfterLogin, loginSource } from "~/request/device-cookie.server";
import { login } from "~/upstream/auth.server";
import { appConfig } from "~/request/config.server";
import { withRequestContext } from "~/request/context.server";
import {
  UpstreamMalformedResponseError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "~/upstream/errors.server";
import { fieldErrorsFromUpstream, formFailure } from "~/forms/form-errors.server";
import { redirectLoggedInToMyPage } from "~/request/guards.server";
import { LOGIN_FIELD_LABELS } from "./labels";
import { loginValidator } from "./schema.server";
import { pageTitle } from "~/routing/meta";
import { readForm } from "~/forms/read-form.server";
import { logError } from "~/telemetry/logger.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ログイン")];

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const { request } = args;
    await redirectLoggedInToMyPage(ctx);
    const url = new URL(request.url);
    return json({
      redirectTo: safeRedirectTarget(url.searchParams.get("redirectTo"), appConfig().appOrigin),
    });
  });
}

interface WrongService {
  url: string;
  serviceName: string;
}

/** Every failure of this form carries `wrongService`, so the page reads one shape. */
function loginFailure(
  fieldErrors: Record<string, string>,
  submitted: Record<string, unknown>,
  status: number,
  wrongService: WrongService | null = null,
  headers?: Record<string, string>,
) {
  return formFailure(fieldErrors, submitted, status, { extra: { wrongService }, headers });
}

/** Too many tries: the message, and when to try again (Retry-After, the app's own or the upstream's). */
function tooManyTries(submitted: Record<string, unknown>, retryAfterSeconds: number | null) {
  return loginFailure(
    { [NON_FIELD_ERRORS]: RATE_LIMIT_MESSAGE },
    submitted,
    429,
    null,
    retryAfterHeader(retryAfterSeconds),
  );
}

export function action(args: ActionFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const { request } = args;
    await redirectLoggedInToMyPage(ctx);
    const formData = await readForm(request);
    const submitted = Object.fromEntries([...formData].filter(([, value]) => typeof value === "string"));
    if (formData.get(HONEYPOT_FIELD)) {
      return loginFailure(
        { [NON_FIELD_ERRORS]: "ログインできませんでした。入力内容をご確認ください。" },
        submitted,
        400,
      );
    }
    const result = await loginValidator.validate(formData);
    if (result.error) return loginFailure(result.error.fieldErrors, submitted, 422);
    const { email, password, persistLoginState, redirectTo } = result.data;

    // Per address, and per account in the bucket of this browser (its own when the account logged in
    // from it before, else all new browsers'): guesses from elsewhere never lock the owner out.
    const source = await loginSource(request, email);
    const limit = await limitLoginAttempt(source, clientAddress(request));
    if (!limit.allowed) return tooManyTries(submitted, limit.retryAfterSeconds);

    try {
      await login(ctx, { email, password, persistLoginState }, source.device);
    } catch (error) {
      // Only a wrong password counts; the other brand's 401 comes only with the right one.
      const wrongPassword = error instanceof UpstreamUnauthorizedError && !error.correctLoginUrl;
      if (!wrongPassword) await limit.takeBack();
      if (error instanceof UpstreamUnauthorizedError) {
        // §8 "Login 401: operational error with server detail"; §6 the wrong service names the right one.
        const wrongService: WrongService | null =
          error.correctLoginUrl && /^https?:\/\//.test(error.correctLoginUrl)
            ? { url: error.correctLoginUrl, serviceName: error.serviceName ?? "" }
            : null;
        return loginFailure({ [NON_FIELD_ERRORS]: error.detail }, submitted, 401, wrongService);
      }
      if (error instanceof UpstreamValidationError) {
        return loginFailure(fieldErrorsFromUpstream(error, ["email", "password"]), submitted, 400);
      }
      if (error instanceof UpstreamMalformedResponseError) {
        // No session came back (or no readable answer): an error on the form, never My page.
        logError(error, "upstream: login answered no session");
        return loginFailure({ [NON_FIELD_ERRORS]: ErrorMessage.loginNoSession }, submitted, 502);
      }
      if (error instanceof Response) throw error;
      const status = (error as { status?: number }).status;
      // The upstream's own 429 passes through, with its Retry-After.
      if (status === 429) {
        const retryAfter = error instanceof UpstreamServerError ? error.retryAfterSeconds : null;
        return tooManyTries(submitted, retryAfter);
      }
      throw error;
    }
    await limit.takeBack();
    // This browser is now known for the account: its wrong passwords count apart from strangers'.
    return redirect(safeRedirectTarget(redirectTo, appConfig().appOrigin) ?? "/mypage", {
      headers: { "Set-Cookie": await deviceCookieAfterLogin(request, email) },
    });
  });
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const wrongService = actionData && "wrongService" in actionData ? actionData.wrongService : null;
  return (
    <div className="narrow">
      <h1>ログイン</h1>
      <PropagatedNotices />
      <FormScope failure={actionData}>
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={LOGIN_FIELD_LABELS} />
          {wrongService ? (
            <p className="alert">
              <a href={wrongService.url}>{wrongService.serviceName}のログインページ</a>
              からログインしてください。
            </p>
          ) : null}
          <HoneypotField />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <TextField
            name="email"
            label="メールアドレス"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
          />
          <TextField
            name="password"
            label="パスワード"
            type="password"
            autoComplete="current-password"
            required
          />
          <CheckboxField
            name="persistLoginState"
            label="ログイン状態を保持する"
            hint="14日間ログインしたままになります。共用のパソコンではチェックしないでください。"
          />
          <SubmitButton pendingText="ログインしています…">ログイン</SubmitButton>
        </Form>
      </FormScope>
      <ul className="link-list">
        <li>
          <Link to="/profile/password/reset/recover">パスワードをお忘れの方</Link>
        </li>
        <li>
          <Link to="/register">会員登録がお済みでない方</Link>
        </li>
      </ul>
    </div>
  );
}
