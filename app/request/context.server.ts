// One context per request, built by the server and handed to Remix as `context` (decision 0039).

import { type AppLoadContext, json, redirect } from "@remix-run/node";
import { type Brand, brandFor, brandOrigin } from "~/brand/brands";
import { safeRedirectTarget } from "~/domain/redirect-target";
import { returnPathOf } from "~/routing/return-path";
import { refusalReason } from "~/domain/refusal-reasons";
import { type UpstreamCaller, UpstreamClient } from "~/upstream/client.server";
import { appConfig } from "~/settings/config.server";
import {
  UpstreamAuthenticationError,
  UpstreamBadRequestError,
  UpstreamCsrfError,
  UpstreamError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "~/upstream/errors.server";
import { loginPath } from "~/routing/login-path";
import { retryAfterHeader } from "~/security/rate-limit.server";
import { errorsFromQuery, noticesFor } from "~/routing/propagated-errors";
import { logError, logger } from "~/telemetry/logger.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";
import { AppSession } from "./session.server";

/** The brand of the request's host (or the deployment's fixed brand). */
export function brandOf(request: Request): Brand {
  return brandFor(request.headers.get("Host"), appConfig().fixedBrandId);
}

/** The root loader's brand and whether someone is logged in, from the request's one context. */
export function pageFrameOf(ctx: RequestContext, request: Request) {
  // §2 the notices of the URL's query, in words (the browser loads the table only for a hash).
  const notices = noticesFor(errorsFromQuery(new URL(request.url).searchParams));
  return { brand: ctx.brand, isLoggedIn: ctx.session.hasUpstreamSession, notices };
}

/** Everything a loader or action needs to talk to the upstream for one request. */
export class RequestContext implements UpstreamCaller {
  readonly url: URL;
  readonly now = new Date();
  private ended = false;
  private mustSave = false;

  private constructor(
    readonly request: Request,
    readonly brand: Brand,
    readonly session: AppSession,
    readonly client: UpstreamClient,
  ) {
    this.url = new URL(request.url);
  }

  static async create(request: Request): Promise<RequestContext> {
    const config = appConfig();
    const brand = brandOf(request);
    const session = await AppSession.fromRequest(request);
    const scope = currentRequestScope();
    if (scope) scope.user = session.user;
    // One budget for every upstream call of this request (UPSTREAM_DEADLINE_MS, decision 0008).
    const client = new UpstreamClient(config.apiBaseUrl, session.credentials, brand.id, {
      deadlineMs: config.upstreamDeadlineMs,
    });
    return new RequestContext(request, brand, session, client);
  }

  /** The brand's public origin, from APP_BASE_URL (never the request's host): for links a user keeps. */
  get publicOrigin(): string {
    const config = appConfig();
    return brandOrigin(this.brand, config.appOrigin, config.fixedBrandId);
  }

  /** Ends the app session in the response (logout, a dead upstream session). */
  endSession(): void {
    this.ended = true;
  }

  /** Saves the session in the response even if the upstream did not change its cookies. */
  saveSession(): void {
    this.mustSave = true;
  }

  /** The Set-Cookie header this request's response needs, if any. */
  async sessionCookieHeader(): Promise<string | null> {
    if (this.ended) return this.session.destroy();
    if (this.client.credentialsChanged || this.mustSave) {
      this.session.credentials = this.client.credentials;
      return this.session.commit();
    }
    return null;
  }
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a loader's `context` is its RequestContext
  interface AppLoadContext extends RequestContext {}
}

/** The answer to one request on its one context, and the session's Set-Cookie once, when all has run. */
export async function answerWithContext<A>(
  request: Request,
  answer: (ctx: AppLoadContext) => Promise<A>,
): Promise<A> {
  const ctx = await RequestContext.create(request);
  // Remix's AppLoadContext is this class, with the index signature a class cannot carry.
  const outcome = await answer(ctx as AppLoadContext);
  const cookie = await ctx.sessionCookieHeader();
  return cookie && outcome instanceof Response ? (withSetCookie(outcome, cookie) as A) : outcome;
}

function withSetCookie(response: Response, cookie: string): Response {
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy.
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Error screens carry the code to show (§2); the HTTP status stays a real one. */
export interface ErrorScreenData {
  code: number;
  /** The browser's request itself could not be used (unreadable body, too large, wrong type). */
  badRequest?: true;
  /** Why, when more than the general sentence (413, 415): the screen shows these words. */
  reason?: string;
}

export function errorScreen(code: number, httpStatus = code, headers?: Record<string, string>): Response {
  return json<ErrorScreenData>({ code }, { status: httpStatus, headers });
}

/** §2 page not found: `throw notFound()` wherever a page, a parameter or a file is not there. */
export function notFound(): Response {
  return errorScreen(404);
}

/** The 403 screen: a request the app refuses to act on (a write from another origin). */
export function forbidden(): Response {
  return errorScreen(403);
}

/** The screen of a 4xx the app or its router gives: the app's own refusal with its reason, except 404. */
export function refusalScreenData(status: number): ErrorScreenData {
  if (status === 404 || status < 400 || status > 499) return { code: status };
  const reason = refusalReason(status);
  return { code: status, badRequest: true, ...(reason ? { reason } : {}) };
}

/** A request the app cannot read (decision 0008), thrown before any upstream call. */
export function badRequestScreen(status: 400 | 413 | 415): Response {
  return json<ErrorScreenData>(refusalScreenData(status), { status });
}

/** §8 for every route: CSRF and authentication failures end the session; no response is 499. */
export function responseForUpstreamError(error: unknown, ctx: RequestContext): Response {
  if (!(error instanceof UpstreamError)) throw error;
  // A POST returns to the page its form was on, as a GET does; loginPath checks it.
  const returnTo = returnPathOf(ctx.url);
  if (error instanceof UpstreamCsrfError) {
    ctx.endSession();
    return redirect(loginPath({ error: "csrf", redirectTo: returnTo }));
  }
  if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamAuthenticationError) {
    ctx.endSession();
    const target = error instanceof UpstreamUnauthorizedError ? error.redirectTo : null;
    const safe = safeRedirectTarget(target, appConfig().appOrigin);
    if (safe) return redirect(safe);
    return redirect(loginPath({ error: "session_expired", redirectTo: returnTo }));
  }
  if (error instanceof UpstreamNetworkError) {
    logger().warn(
      { request_id: currentRequestScope()?.id, cause: String(error.cause) },
      "upstream: no response",
    );
    return errorScreen(error.status, 503);
  }
  if (error instanceof UpstreamMalformedResponseError) {
    logError(error, "upstream: malformed answer");
    return errorScreen(error.status);
  }
  if (error instanceof UpstreamServerError) {
    const safe = safeRedirectTarget(error.redirectTo, appConfig().appOrigin);
    if (safe) return redirect(safe);
    // Every 429 says when to try again: the upstream's figure, or the app's default.
    if (error.status === 429) return errorScreen(429, 429, retryAfterHeader(error.retryAfterSeconds));
    return errorScreen(error.status, error.status >= 400 && error.status <= 599 ? error.status : 502);
  }
  if (error instanceof UpstreamValidationError || error instanceof UpstreamBadRequestError) {
    return errorScreen(400);
  }
  return errorScreen(error.status >= 400 && error.status <= 599 ? error.status : 500);
}
