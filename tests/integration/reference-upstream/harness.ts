// Starts the reference upstream on a free port with a temporary data directory, and a small HTTP
// client with a cookie jar that sends X-CSRFToken from the csrftoken cookie, as the app does.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DEFAULT_ANALYTICS_ID_KEY,
  DEFAULT_UPLOAD_QUOTA,
  type UpstreamConfig,
  defaultServices,
  UPSTREAM_VERSION,
} from "../../../reference-upstream/config";
import { type RunningUpstream, startUpstream } from "../../../reference-upstream/server";
import {
  DEFAULT_BODY_MIN_BYTES_PER_SECOND,
  DEFAULT_BODY_RATE_WINDOW_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
} from "../../../app/domain/settings";

export interface TestUpstream extends RunningUpstream {
  dataDir: string;
  /** Stops the server, keeping the data directory (for restart tests). */
  stop(): Promise<void>;
  /** Stops the server and removes the data directory. */
  dispose(): Promise<void>;
  client(): ApiClient;
}

export async function startTestUpstream(
  options: { dataDir?: string; overrides?: Partial<UpstreamConfig> } = {},
): Promise<TestUpstream> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-upstream-"));
  const appBaseUrl = "http://localhost:3000";
  const running = await startUpstream({
    host: "127.0.0.1",
    port: 0,
    dataDir,
    version: UPSTREAM_VERSION,
    appBaseUrl,
    services: defaultServices(appBaseUrl),
    seedDemo: false,
    analyticsIdKey: DEFAULT_ANALYTICS_ID_KEY,
    uploadQuota: DEFAULT_UPLOAD_QUOTA,
    now: () => new Date(),
    log: false,
    bodyRateWindowMs: DEFAULT_BODY_RATE_WINDOW_MS,
    bodyMinBytesPerSecond: DEFAULT_BODY_MIN_BYTES_PER_SECOND,
    shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS,
    ...options.overrides,
  });
  return {
    ...running,
    dataDir,
    stop: () => running.close(),
    dispose: async () => {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    client: () => new ApiClient(running.url),
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export interface RequestOptions {
  json?: unknown;
  /** A raw body with its content type (malformed JSON tests). */
  raw?: { body: string | Uint8Array; contentType: string };
  form?: FormData;
  headers?: Record<string, string>;
  /** Send X-CSRFToken from the jar (default true). */
  csrf?: boolean;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    pathname: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      headers["Content-Type"] = options.raw.contentType;
      body = options.raw.body as BodyInit;
    } else if (options.form) {
      body = options.form;
    }
    if (this.cookies.size) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const csrf = this.cookies.get("csrftoken");
    if (options.csrf !== false && csrf && !("X-CSRFToken" in headers)) headers["X-CSRFToken"] = csrf;
    const response = await fetch(new URL(pathname, this.baseUrl), {
      method,
      headers,
      body,
      redirect: "manual",
    });
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair, ...attributes] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, setCookies };
  }

  get<T = any>(pathname: string, options?: RequestOptions) {
    return this.request<T>("GET", pathname, options);
  }
  post<T = any>(pathname: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", pathname, { json, ...options });
  }
  patch<T = any>(pathname: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("PATCH", pathname, { json, ...options });
  }
  put<T = any>(pathname: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("PUT", pathname, { json, ...options });
  }
  delete<T = any>(pathname: string, options?: RequestOptions) {
    return this.request<T>("DELETE", pathname, options);
  }
}
