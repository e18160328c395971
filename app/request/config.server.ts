// The app's server configuration, read from the environment once.

import { randomBytes } from "node:crypto";
import { DEFAULT_BODY_IDLE_TIMEOUT_MS } from "~/security/slow-clients.server";

export interface AppConfig {
  apiBaseUrl: URL;
  /** The app's public origin: redirect checks and the origin check accept it. */
  appOrigin: string;
  secureCookies: boolean;
  /** The first signs new cookies; all verify, so a secret can be rotated without logging people out. */
  sessionSecrets: string[];
  /** 32 bytes: AES-256-GCM key for the upstream's cookies inside ours (separate from the signing secrets). */
  sessionEncryptionKey: Buffer;
  fixedBrandId: string | undefined;
  production: boolean;
  /** Issue 14: all upstream calls of one request share this budget (uploads excepted). */
  upstreamDeadlineMs: number;
  /** Issue 11: how many proxies we run in front of the app (X-Forwarded-For entries to trust). */
  trustedProxyHops: number;
  /** §9 analytics: the tag manager container; unset, no page carries analytics (the default). */
  analyticsContainerId: string | undefined;
  /**
   * Keys the user id the tag manager gets, so the upstream's hashed id (whose key may be a public
   * default) cannot be turned back into ours by whoever reads the analytics.
   */
  analyticsHashKey: Buffer;
  /** How long a request's body may stop coming before its connection is closed (decision 0021). */
  bodyIdleTimeoutMs: number;
  /** Uploads this process sends the upstream at once, everyone's together (decision 0021). */
  maxUploadsAtOnce: number;
  /** The public port, and the interface it listens on (all when unset). */
  port: number;
  host: string | undefined;
  /** The lowest level of log line written (pino's names). */
  logLevel: LogLevel;
  /** The port that serves /metrics; none when unset, and never the public one. */
  metricsPort: number | undefined;
  /** How long requests in flight may take to finish after SIGTERM. */
  shutdownGraceMs: number;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;

/** Shorter than this, a key can be guessed; 32 characters is what `openssl rand -base64 24` prints. */
export const MIN_ANALYTICS_HASH_KEY_LENGTH = 32;

/** The page budget when UPSTREAM_DEADLINE_MS is unset: one per-call timeout, for the whole page. */
export const DEFAULT_UPSTREAM_DEADLINE_MS = 10_000;
/** MAX_UPLOADS_AT_ONCE when unset: each holds one upstream connection while the browser sends. */
export const DEFAULT_MAX_UPLOADS_AT_ONCE = 64;

let cached: AppConfig | null = null;

export function appConfig(): AppConfig {
  cached ??= readConfig(process.env);
  return cached;
}

export function readConfig(env: NodeJS.ProcessEnv): AppConfig {
  const production = env.NODE_ENV === "production";
  const appOrigin = new URL(env.APP_BASE_URL ?? `http://localhost:${env.PORT ?? "3000"}`).origin;
  const secrets = (env.SESSION_SECRETS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const keyText = env.SESSION_ENCRYPTION_KEY ?? "";
  let key = keyText ? Buffer.from(keyText, "base64") : null;
  if (secrets.length === 0 || !key) {
    if (production && env.ALLOW_EPHEMERAL_SECRETS !== "true") {
      throw new Error(
        "SESSION_SECRETS and SESSION_ENCRYPTION_KEY must be set in production (npm start sets them for you).",
      );
    }
    // Development and tests only: random per process, so sessions end when the server restarts.
    if (secrets.length === 0) secrets.push(randomBytes(32).toString("base64"));
    key ??= randomBytes(32);
  }
  if (key.length !== 32) throw new Error("SESSION_ENCRYPTION_KEY must be 32 bytes, base64-encoded.");
  const analyticsContainerId = readContainerId(env.ANALYTICS_CONTAINER_ID);
  return {
    apiBaseUrl: new URL(env.API_BASE_URL ?? "http://127.0.0.1:8787"),
    appOrigin,
    // Secure cookies wherever the public origin is https (every real deployment); plain http is
    // only the local machine.
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : appOrigin.startsWith("https:"),
    sessionSecrets: secrets,
    sessionEncryptionKey: key,
    fixedBrandId: env.BRAND || undefined,
    production,
    upstreamDeadlineMs: readMilliseconds("UPSTREAM_DEADLINE_MS", env, DEFAULT_UPSTREAM_DEADLINE_MS),
    trustedProxyHops: readHops(env.TRUSTED_PROXY_HOPS),
    analyticsContainerId,
    analyticsHashKey: readAnalyticsHashKey(env.ANALYTICS_HASH_KEY, production && !!analyticsContainerId),
    bodyIdleTimeoutMs: readMilliseconds("BODY_IDLE_TIMEOUT_MS", env, DEFAULT_BODY_IDLE_TIMEOUT_MS),
    maxUploadsAtOnce: readPositiveInteger("MAX_UPLOADS_AT_ONCE", env, DEFAULT_MAX_UPLOADS_AT_ONCE),
    port: readPositiveInteger("PORT", env, 3000),
    host: env.HOST || undefined,
    logLevel: (LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? "")
      ? (env.LOG_LEVEL as LogLevel)
      : "info",
    metricsPort: env.METRICS_PORT ? readPositiveInteger("METRICS_PORT", env, 0) : undefined,
    shutdownGraceMs: readMilliseconds("SHUTDOWN_GRACE_MS", env, DEFAULT_SHUTDOWN_GRACE_MS),
  };
}

function readAnalyticsHashKey(text: string | undefined, required: boolean): Buffer {
  const value = text?.trim() ?? "";
  if (value.length >= MIN_ANALYTICS_HASH_KEY_LENGTH) return Buffer.from(value);
  if (required || value !== "") {
    throw new Error(
      `ANALYTICS_HASH_KEY must be a secret of at least ${MIN_ANALYTICS_HASH_KEY_LENGTH} characters when ANALYTICS_CONTAINER_ID is set in production.`,
    );
  }
  // Development and tests: random per process, so ids change at each restart.
  return randomBytes(32);
}

function readPositiveInteger(name: string, env: NodeJS.ProcessEnv, fallback: number, unit = ""): number {
  const text = env[name];
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number${unit}.`);
  }
  return value;
}

const readMilliseconds = (name: string, env: NodeJS.ProcessEnv, fallback: number) =>
  readPositiveInteger(name, env, fallback, " of milliseconds");

function readHops(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 0;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 10) {
    throw new Error("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10.");
  }
  return value;
}

/** A container id goes into a script URL: letters, digits and hyphens only (GTM-XXXXXXX). */
function readContainerId(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(value)) {
    throw new Error("ANALYTICS_CONTAINER_ID must be letters, digits and hyphens (e.g. GTM-ABC1234).");
  }
  return value;
}
