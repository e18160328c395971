// The reference upstream of an integration test, on a free port with a temporary data directory (one
// helper, useTestUpstream, starts it for every file), and a small HTTP client with a cookie jar that
// sends X-CSRFToken from the csrftoken cookie, as the app does.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import {
  DEFAULT_ANALYTICS_ID_KEY,
  DEFAULT_UPLOAD_QUOTA,
  type UpstreamConfig,
  defaultServices,
  UPSTREAM_VERSION,
} from "../../../reference-upstream/config";
import type { Router } from "../../../reference-upstream/http/router";
import { type RunningUpstream, startUpstream } from "../../../reference-upstream/server";
import {
  DEFAULT_BODY_MIN_BYTES_PER_SECOND,
  DEFAULT_BODY_RATE_WINDOW_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
} from "../../../app/domain/settings";

export interface TestUpstream extends RunningUpstream {
  dataDir: string;
  /** Stops the server and starts it again on the same data directory (the same object, a new port). */
  restart(): Promise<void>;
  /** Stops the server and removes the data directory. */
  dispose(): Promise<void>;
  client(): ApiClient;
}

/**
 * A variant of the upstream: its data directory (one kept from before), settings (a clock, a quota, a
 * log), and routes of the test's own in place of the API's (a handler that fails).
 */
export interface TestUpstreamOptions {
  dataDir?: string;
  overrides?: Partial<UpstreamConfig>;
  router?: Router;
}

async function startTestUpstream(options: TestUpstreamOptions = {}): Promise<TestUpstream> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-upstream-"));
  const appBaseUrl = "http://localhost:3000";
  const start = () =>
    startUpstream(
      {
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
      },
      options.router,
    );
  let running = await start();
  const upstream: TestUpstream = {
    ...running,
    dataDir,
    restart: async () => {
      await running.close();
      running = await start();
      Object.assign(upstream, running);
    },
    dispose: async () => {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    client: () => new ApiClient(upstream.url),
  };
  return upstream;
}

/**
 * The file's (or the describe block's) reference upstream: started before its tests, removed after,
 * with the app pointed at it. Read it in a test or a later hook; it is the one started there.
 */
export function useTestUpstream(options: TestUpstreamOptions = {}): TestUpstream {
  let started: TestUpstream | undefined;
  beforeAll(async () => {
    started = await startTestUpstream(options);
    // appConfig() reads the environment once, at the first request: set before any.
    process.env.API_BASE_URL = started.url;
  });
  afterAll(() => started?.dispose());
  return readThrough(() => started, "the test upstream");
}

/** An upstream of the test's own (an empty one, one on a data directory prepared beforehand), removed after `use`. */
export async function withTestUpstream<T>(
  options: TestUpstreamOptions,
  use: (upstream: TestUpstream) => Promise<T>,
): Promise<T> {
  const upstream = await startTestUpstream(options);
  try {
    return await use(upstream);
  } finally {
    await upstream.dispose();
  }
}

/** An object that reads through to what a beforeAll hook starts, saying so when read before it. */
export function readThrough<T extends object>(current: () => T | undefined, what: string): T {
  const target = (key: PropertyKey) => {
    const value = current();
    if (!value) throw new Error(`${what} starts in beforeAll: read ${String(key)} in a test or a later hook`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const value = target(key);
      const property: unknown = Reflect.get(value, key, value);
      return typeof property === "function" ? property.bind(value) : property;
    },
    has: (_, key) => Reflect.has(target(key), key),
  });
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
