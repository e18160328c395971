// The one upstream client (ARCHITECTURE decision 5): every call goes through here. It adds the
// upstream's cookies, X-CSRFToken (§7), a Referer (Django checks it over HTTPS and Node sends none),
// the brand's X-Service-Id and a timeout, keeps the cookies the upstream sets, and turns every failure
// of §8 into a typed error.

import type { Readable } from "node:stream";
import {
  UpstreamBadRequestError,
  UpstreamCsrfError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "./errors.server";
import { type RawResponse, sendRequest } from "./http.server";

export interface UpstreamCredentials {
  sessionid?: string;
  csrftoken?: string;
}

export const JSON_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

export interface CallOptions {
  json?: unknown;
  /** The §7 me call: a CSRF failure there is not the §8 CSRF alert. */
  isMeCall?: boolean;
  timeoutMs?: number;
  query?: Record<string, string>;
}

export interface StreamBody {
  stream: Readable;
  contentType: string;
  contentLength: number;
}

export class UpstreamClient {
  private cookies: UpstreamCredentials;
  /** True once the upstream set or cleared one of its cookies; the session must then be saved. */
  credentialsChanged = false;

  constructor(
    private readonly baseUrl: URL,
    credentials: UpstreamCredentials,
    private readonly serviceId: string,
  ) {
    this.cookies = { ...credentials };
  }

  get credentials(): UpstreamCredentials {
    return { ...this.cookies };
  }

  get hasSession(): boolean {
    return Boolean(this.cookies.sessionid);
  }

  async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers = this.headers();
    if (body) {
      headers["Content-Type"] = "application/json";
      headers["Content-Length"] = String(body.length);
    } else if (method !== "GET" && method !== "HEAD") {
      headers["Content-Length"] = "0";
    }
    const response = await this.exchange(
      method,
      path,
      headers,
      body,
      options.timeoutMs ?? JSON_TIMEOUT_MS,
      options.query,
    );
    return this.interpret<T>(response, options.isMeCall === true);
  }

  /** Sends a body that is already encoded (a multipart upload), streamed with its Content-Length. */
  async send<T>(method: string, path: string, body: StreamBody): Promise<T> {
    const headers = this.headers();
    headers["Content-Type"] = body.contentType;
    headers["Content-Length"] = String(body.contentLength);
    const response = await this.exchange(method, path, headers, body.stream, UPLOAD_TIMEOUT_MS);
    return this.interpret<T>(response, false);
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
    body: Buffer | Readable | undefined,
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
      throw new UpstreamNetworkError(error);
    }
  }

  private keepCookies(response: RawResponse) {
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
      if (expired) delete this.cookies[name];
      else this.cookies[name] = value;
      this.credentialsChanged = true;
    }
  }

  private interpret<T>(response: RawResponse, isMeCall: boolean): T {
    const parsed = parseJson(response.body);
    const { status } = response;
    if (status >= 200 && status < 300) return parsed as T;
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
    throw new UpstreamServerError(status, detail ?? undefined, redirectTo);
  }
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
