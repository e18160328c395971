// The one upstream client (ARCHITECTURE §5), so that cookies, X-CSRFToken (§7), the Referer Django
// checks over HTTPS, the deadline and §8's typed errors are done once for every call.

import { z } from "zod";
import {
  UpstreamBadRequestError,
  UpstreamCsrfError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "./errors.server";
import { type RawResponse, ResponseTooLargeError, sendRequest } from "./http.server";

export interface UpstreamCredentials {
  sessionid?: string;
  csrftoken?: string;
}

export const JSON_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

/** An answer the app does not read: 204, empty or any JSON (an HTML page is still malformed). */
export const UNREAD_ANSWER = z.unknown();

/** `satisfies AnswerSchema<DraftEntry>` checks a resource's schema against the domain type. */
export type AnswerSchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

/** A field the app treats as optional: null reads as absent (Django serialises an empty value as null). */
export function nullAsAbsent<S extends z.ZodTypeAny>(schema: S) {
  return schema.nullish().transform((value): z.output<S> | undefined => value ?? undefined);
}

export interface CallOptions<S extends z.ZodTypeAny = z.ZodTypeAny> {
  /** What a 2xx must parse as (decision 0008); anything else is a malformed answer. */
  schema: S;
  json?: unknown;
  /** The §7 me call: a CSRF failure there is not the §8 CSRF alert. */
  isMeCall?: boolean;
  timeoutMs?: number;
  query?: Record<string, string>;
  /** The login: a 2xx that sets no sessionid brought back no session, so it is not a success. */
  requireSessionCookie?: boolean;
  /** Headers of this call only (the login's X-Login-Device). */
  headers?: Record<string, string>;
  /** The lookup of a lost write's answer (writeOnce) still runs once the page's budget is spent. */
  outsideDeadline?: boolean;
}

export interface ClientOptions {
  /** One budget for a request's calls, overlapping calls counted once, uploads not charged (decision 0008). */
  deadlineMs?: number;
}

export interface StreamBody {
  /** The bytes, read once (a Node stream is one too). */
  stream: AsyncIterable<Uint8Array>;
  contentType: string;
  contentLength: number;
}

/** What a call needs of its request, declared here so upstream imports nothing above it (decision 0029). */
export interface UpstreamCaller {
  readonly client: UpstreamClient;
  readonly brand: { readonly id: string };
  readonly session: { readonly credentials: UpstreamCredentials; persistent: boolean; userId: number };
  /** Ends the app session in the response (logout, a dead upstream session). */
  endSession(): void;
  /** Saves the session in the response even if the upstream did not change its cookies. */
  saveSession(): void;
}

export class UpstreamClient {
  private cookies: UpstreamCredentials;
  /** True once the upstream set or cleared one of its cookies; the session must then be saved. */
  credentialsChanged = false;

  private readonly budgetMs: number;
  /** Budget used by calls that have ended, and the calls under way with the time they started to run. */
  private spentMs = 0;
  private callsInFlight = 0;
  private busySince = 0;

  constructor(
    private readonly baseUrl: URL,
    credentials: UpstreamCredentials,
    private readonly serviceId: string,
    options: ClientOptions = {},
  ) {
    this.cookies = { ...credentials };
    this.budgetMs = options.deadlineMs ?? Infinity;
  }

  get credentials(): UpstreamCredentials {
    return { ...this.cookies };
  }

  get hasSession(): boolean {
    return Boolean(this.cookies.sessionid);
  }

  async call<S extends z.ZodTypeAny>(
    method: string,
    path: string,
    options: CallOptions<S>,
  ): Promise<z.output<S>> {
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers = { ...options.headers, ...this.headers() };
    if (body) {
      headers["Content-Type"] = "application/json";
      headers["Content-Length"] = String(body.length);
    } else if (method !== "GET" && method !== "HEAD") {
      headers["Content-Length"] = "0";
    }
    const timeoutMs = options.timeoutMs ?? JSON_TIMEOUT_MS;
    const exchange = (limitMs: number) => this.exchange(method, path, headers, body, limitMs, options.query);
    const response = options.outsideDeadline
      ? await exchange(timeoutMs)
      : await this.withinDeadline(timeoutMs, exchange);
    if (options.requireSessionCookie && isSuccess(response) && !setCookies(response).has("sessionid")) {
      throw new UpstreamMalformedResponseError(`${method} ${path} answered without a session`);
    }
    return this.interpret(`${method} ${path}`, response, options.schema, options.isMeCall === true);
  }

  /** Sends a body that is already encoded (a multipart upload), streamed with its Content-Length. */
  async send<S extends z.ZodTypeAny>(
    method: string,
    path: string,
    body: StreamBody,
    schema: S,
  ): Promise<z.output<S>> {
    const headers = this.headers();
    headers["Content-Type"] = body.contentType;
    headers["Content-Length"] = String(body.contentLength);
    // An upload keeps its own 60 s, outside the page's budget.
    const response = await this.exchange(method, path, headers, body.stream, UPLOAD_TIMEOUT_MS);
    return this.interpret(`${method} ${path}`, response, schema, false);
  }

  renewBudget(): void {
    this.spentMs = 0;
    this.busySince = Date.now();
  }

  /** min(timeout, budget left); a spent budget is 499 without asking the upstream. */
  private async withinDeadline<R>(timeoutMs: number, run: (limitMs: number) => Promise<R>): Promise<R> {
    const now = Date.now();
    const left = this.budgetMs - this.spentMs - (this.callsInFlight > 0 ? now - this.busySince : 0);
    if (left <= 0) throw new UpstreamNetworkError(new Error("the page's upstream deadline is spent"));
    if (this.callsInFlight === 0) this.busySince = now;
    this.callsInFlight += 1;
    try {
      return await run(Math.min(timeoutMs, left));
    } finally {
      this.callsInFlight -= 1;
      if (this.callsInFlight === 0) this.spentMs += Date.now() - this.busySince;
    }
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      Referer: `${this.baseUrl.origin}/`,
      "X-Service-Id": this.serviceId,
    };
    const cookie = Object.entries(this.cookies)
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    if (cookie) headers.Cookie = cookie;
    if (this.cookies.csrftoken) headers["X-CSRFToken"] = this.cookies.csrftoken;
    return headers;
  }

  private async exchange(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | AsyncIterable<Uint8Array> | undefined,
    timeoutMs: number,
    query?: Record<string, string>,
  ): Promise<RawResponse> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    try {
      const response = await sendRequest({ method, url, headers, body, timeoutMs });
      this.keepCookies(response);
      return response;
    } catch (error) {
      // The upstream did answer, with more than the app reads: a broken upstream (502), not 499.
      if (error instanceof ResponseTooLargeError) {
        throw new UpstreamMalformedResponseError(`${method} ${path}: ${error.message}`);
      }
      throw new UpstreamNetworkError(error);
    }
  }

  private keepCookies(response: RawResponse) {
    for (const [name, value] of upstreamCookies(response)) {
      if (value === null) delete this.cookies[name];
      else this.cookies[name] = value;
      this.credentialsChanged = true;
    }
  }

  private interpret<S extends z.ZodTypeAny>(
    call: string,
    response: RawResponse,
    schema: S,
    isMeCall: boolean,
  ): z.output<S> {
    if (isSuccess(response)) return readSuccess(call, response, schema);
    const parsed = parseJson(response.body);
    const { status } = response;
    const body = isObject(parsed) ? parsed : null;
    const detail = typeof body?.detail === "string" ? body.detail : null;
    const redirectTo = typeof body?.redirect_to === "string" ? body.redirect_to : null;
    if (status === 400) {
      if (!body || Object.keys(body).length === 0) throw new UpstreamBadRequestError();
      const { non_field_errors: nonField, ...fields } = body;
      const nonFieldErrors = Array.isArray(nonField)
        ? nonField.filter((m): m is string => typeof m === "string")
        : [];
      if (detail && Object.keys(fields).length === 1) nonFieldErrors.push(detail);
      throw new UpstreamValidationError(
        detail && Object.keys(fields).length === 1 ? {} : fields,
        nonFieldErrors,
      );
    }
    if (status === 401 || status === 403) {
      if (!isMeCall && detail?.startsWith("CSRF Failed")) throw new UpstreamCsrfError(status);
      throw new UpstreamUnauthorizedError(
        status,
        detail ?? "認証に失敗しました。",
        redirectTo,
        typeof body?.correct_login_url === "string" ? body.correct_login_url : null,
        typeof body?.service_name === "string" ? body.service_name : null,
      );
    }
    const retryAfter = Number(response.headers["retry-after"]);
    throw new UpstreamServerError(
      status,
      detail ?? undefined,
      redirectTo,
      Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
}

function isSuccess(response: RawResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** The upstream's own cookies in a Set-Cookie answer: name → value, or null when it deletes one. */
function upstreamCookies(response: RawResponse): Map<keyof UpstreamCredentials, string | null> {
  const cookies = new Map<keyof UpstreamCredentials, string | null>();
  for (const header of response.headers["set-cookie"] ?? []) {
    const [pair = "", ...attributes] = header.split(";");
    const index = pair.indexOf("=");
    if (index < 0) continue;
    const name = pair.slice(0, index).trim();
    if (name !== "sessionid" && name !== "csrftoken") continue;
    const value = decodeURIComponent(
      pair
        .slice(index + 1)
        .trim()
        .replace(/^"|"$/g, ""),
    );
    const expired =
      attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute)) || value === "";
    cookies.set(name, expired ? null : value);
  }
  return cookies;
}

/** The names of the cookies this answer sets (deletions left out). */
function setCookies(response: RawResponse): Set<string> {
  return new Set([...upstreamCookies(response)].filter(([, value]) => value !== null).map(([name]) => name));
}

const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const NOT_JSON = Symbol("not JSON");

/** A 2xx is read only when it is JSON that parses as the call's schema; see CallOptions.schema. */
function readSuccess<S extends z.ZodTypeAny>(call: string, response: RawResponse, schema: S): z.output<S> {
  const { status, body } = response;
  let value: unknown = undefined;
  if (body.length > 0) {
    const contentType = response.headers["content-type"] ?? "";
    if (!JSON_CONTENT_TYPE.test(contentType)) {
      throw new UpstreamMalformedResponseError(`${call}: a ${status} answer of type "${contentType}"`);
    }
    value = NOT_JSON;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      // value stays NOT_JSON
    }
    if (value === NOT_JSON)
      throw new UpstreamMalformedResponseError(`${call}: a ${status} answer that is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new UpstreamMalformedResponseError(
      `${call}: a ${status} answer ${describeMismatch(value, parsed.error)}`,
    );
  }
  return parsed.data;
}

/** Paths and zod's messages for the log, never the answer's values (personal data). */
function describeMismatch(value: unknown, error: z.ZodError): string {
  if (value === undefined) return "that is empty";
  const where = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(the answer)"}: ${issue.message}`)
    .join("; ");
  return `not of the expected shape (${where})`;
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
