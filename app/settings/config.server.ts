// Every environment variable the app reads, parsed here only (docs/STYLE.md): a wrong value throws
// SettingError, one line naming the variable and what it expects.

import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { BRANDS } from "~/brand/brands";
import { MAX_UPLOADS_AT_ONCE_PER_USER } from "~/domain/upload-rules";
import {
  DEFAULT_BODY_MIN_BYTES_PER_SECOND,
  DEFAULT_BODY_RATE_WINDOW_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type Environment,
  REFUSED,
  flag,
  httpUrl,
  interfaceHost,
  milliseconds,
  oneOf,
  portNumber,
  quote,
  readSettings,
  retired,
  SettingError,
  setting,
  settingError,
  text,
  urlSetting,
  wholeNumber,
  withDefault,
} from "~/domain/settings";

export interface AppConfig {
  apiBaseUrl: URL;
  appOrigin: string;
  secureCookies: boolean;
  /** The first signs new cookies; all verify, so a secret can be rotated without logging people out. */
  sessionSecrets: string[];
  sessionEncryptionKey: Buffer;
  fixedBrandId: string | undefined;
  production: boolean;
  upstreamDeadlineMs: number;
  trustedProxyHops: number;
  analyticsContainerId: string | undefined;
  /** Keys the id the tag manager gets: the upstream's hash (whose key may be public) cannot be turned back. */
  analyticsHashKey: Buffer;
  bodyRateWindowMs: number;
  bodyMinBytesPerSecond: number;
  maxUploadsAtOnce: number;
  maxUploadsAtOncePerAddress: number;
  port: number;
  host: string | undefined;
  logLevel: LogLevel;
  metricsPort: number | undefined;
  /** The interface METRICS_PORT listens on: loopback unless METRICS_HOST names another. */
  metricsHost: string;
  shutdownGraceMs: number;
  redisUrl: string | undefined;
  rateLimitPerAddress: number | undefined;
  /** Wrong passwords in 5 minutes, all accounts together, from which new browsers are slowed (decision 0020). */
  stuffingFailedLogins: number | undefined;
  /** Login tries a minute from browsers new to their account, all together, while they are slowed. */
  stuffingNewBrowserLogins: number | undefined;
  lookupLimitPerAddress: number | undefined;
  lookupLimitPerSession: number | undefined;
  legalContentDir: string;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const MIN_ANALYTICS_HASH_KEY_LENGTH = 32;

export const DEFAULT_UPSTREAM_DEADLINE_MS = 10_000;
export const DEFAULT_MAX_UPLOADS_AT_ONCE = 64;
/** Four people's uploads at once behind one address: a family's or a small office's NAT (decision 0021). */
export const DEFAULT_MAX_UPLOADS_AT_ONCE_PER_ADDRESS = 4 * MAX_UPLOADS_AT_ONCE_PER_USER;

const DEFAULT_PORT = 3000;
const SESSION_KEY_EXPECTED = "32 bytes in base64, e.g. from openssl rand -base64 32";

// In the order checked: the first wrong one is named (PORT before APP_BASE_URL, whose default uses it).
const schema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: withDefault(portNumber(), DEFAULT_PORT),
  HOST: interfaceHost(),
  APP_BASE_URL: httpUrl("https://app.example.jp"),
  API_BASE_URL: httpUrl("http://127.0.0.1:8787"),
  SESSION_SECRETS: setting(
    "comma-separated secrets",
    (value) => {
      const secrets = value
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean);
      return secrets.length > 0 ? secrets : REFUSED;
    },
    { got: () => "only commas" },
  ),
  SESSION_ENCRYPTION_KEY: setting(
    SESSION_KEY_EXPECTED,
    (value) => {
      const key = Buffer.from(value, "base64");
      return key.length === 32 ? key : REFUSED;
    },
    { got: (value) => `${Buffer.from(value, "base64").length} bytes` },
  ),
  ALLOW_EPHEMERAL_SECRETS: withDefault(flag(), false),
  COOKIE_SECURE: flag(),
  BRAND: oneOf(BRANDS.map((brand) => brand.id)),
  UPSTREAM_DEADLINE_MS: withDefault(milliseconds(), DEFAULT_UPSTREAM_DEADLINE_MS),
  TRUSTED_PROXY_HOPS: withDefault(wholeNumber(0, 10), 0),
  // A container id goes into a script URL: letters, digits and hyphens only (GTM-XXXXXXX).
  ANALYTICS_CONTAINER_ID: setting("letters, digits and hyphens (e.g. GTM-ABC1234)", (value) =>
    /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : REFUSED,
  ),
  ANALYTICS_HASH_KEY: setting(
    `a secret of at least ${MIN_ANALYTICS_HASH_KEY_LENGTH} characters`,
    (value) => (value.length >= MIN_ANALYTICS_HASH_KEY_LENGTH ? Buffer.from(value) : REFUSED),
    { got: (value) => `${value.length} characters` },
  ),
  BODY_RATE_WINDOW_MS: withDefault(milliseconds(), DEFAULT_BODY_RATE_WINDOW_MS),
  BODY_MIN_BYTES_PER_SECOND: withDefault(wholeNumber(1), DEFAULT_BODY_MIN_BYTES_PER_SECOND),
  BODY_IDLE_TIMEOUT_MS: retired("BODY_RATE_WINDOW_MS and BODY_MIN_BYTES_PER_SECOND"),
  MAX_UPLOADS_AT_ONCE: withDefault(wholeNumber(1), DEFAULT_MAX_UPLOADS_AT_ONCE),
  MAX_UPLOADS_AT_ONCE_PER_ADDRESS: withDefault(wholeNumber(1), DEFAULT_MAX_UPLOADS_AT_ONCE_PER_ADDRESS),
  LOG_LEVEL: withDefault(oneOf(LOG_LEVELS), "info"),
  METRICS_PORT: portNumber(),
  // Only the scraper reads /metrics: loopback unless the operator names an interface (a pod's IP).
  METRICS_HOST: withDefault(interfaceHost(), "127.0.0.1"),
  SHUTDOWN_GRACE_MS: withDefault(milliseconds(), DEFAULT_SHUTDOWN_GRACE_MS),
  REDIS_URL: urlSetting(["redis", "rediss"], "redis://127.0.0.1:6379"),
  RATE_LIMIT_PER_ADDRESS: wholeNumber(1),
  STUFFING_FAILED_LOGINS: wholeNumber(1),
  STUFFING_NEW_BROWSER_LOGINS: wholeNumber(1),
  LOOKUP_LIMIT_PER_ADDRESS: wholeNumber(1),
  LOOKUP_LIMIT_PER_SESSION: wholeNumber(1),
  LEGAL_CONTENT_DIR: withDefault(text(), "content/legal"),
});

let cached: AppConfig | null = null;

export function appConfig(): AppConfig {
  cached ??= readConfig(process.env);
  return cached;
}

/** `read()`, or its wrong setting's one line on stderr and exit 1: no stack trace, the line says all. */
export function exitOnWrongSetting<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function readConfig(env: Environment): AppConfig {
  const settings = readSettings(schema, env);
  const production = settings.NODE_ENV === "production";
  const port = settings.PORT;
  if (settings.METRICS_PORT === port) {
    throw settingError("METRICS_PORT", `a port other than PORT (${port})`, quote(String(port)));
  }
  const appOrigin = settings.APP_BASE_URL?.origin ?? `http://localhost:${port}`;
  const analyticsContainerId = settings.ANALYTICS_CONTAINER_ID;
  return {
    apiBaseUrl: settings.API_BASE_URL ?? new URL("http://127.0.0.1:8787"),
    appOrigin,
    secureCookies: settings.COOKIE_SECURE ?? appOrigin.startsWith("https:"),
    ...sessionKeys(settings, production),
    fixedBrandId: settings.BRAND,
    production,
    upstreamDeadlineMs: settings.UPSTREAM_DEADLINE_MS,
    trustedProxyHops: settings.TRUSTED_PROXY_HOPS,
    analyticsContainerId,
    analyticsHashKey: analyticsHashKey(settings.ANALYTICS_HASH_KEY, production && !!analyticsContainerId),
    bodyRateWindowMs: settings.BODY_RATE_WINDOW_MS,
    bodyMinBytesPerSecond: settings.BODY_MIN_BYTES_PER_SECOND,
    maxUploadsAtOnce: settings.MAX_UPLOADS_AT_ONCE,
    maxUploadsAtOncePerAddress: settings.MAX_UPLOADS_AT_ONCE_PER_ADDRESS,
    port,
    host: settings.HOST,
    logLevel: settings.LOG_LEVEL,
    metricsPort: settings.METRICS_PORT,
    metricsHost: settings.METRICS_HOST,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
    redisUrl: settings.REDIS_URL?.href,
    rateLimitPerAddress: settings.RATE_LIMIT_PER_ADDRESS,
    stuffingFailedLogins: settings.STUFFING_FAILED_LOGINS,
    stuffingNewBrowserLogins: settings.STUFFING_NEW_BROWSER_LOGINS,
    lookupLimitPerAddress: settings.LOOKUP_LIMIT_PER_ADDRESS,
    lookupLimitPerSession: settings.LOOKUP_LIMIT_PER_SESSION,
    legalContentDir: path.resolve(settings.LEGAL_CONTENT_DIR),
  };
}

type Settings = z.output<typeof schema>;

function sessionKeys(settings: Settings, production: boolean) {
  if (production && !settings.ALLOW_EPHEMERAL_SECRETS) {
    if (!settings.SESSION_SECRETS) {
      throw settingError(
        "SESSION_SECRETS",
        "comma-separated secrets (required in production; npm start creates them)",
        null,
      );
    }
    if (!settings.SESSION_ENCRYPTION_KEY) {
      throw settingError(
        "SESSION_ENCRYPTION_KEY",
        `${SESSION_KEY_EXPECTED} (required in production; npm start creates it)`,
        null,
      );
    }
  }
  return {
    sessionSecrets: settings.SESSION_SECRETS ?? [randomBytes(32).toString("base64")],
    sessionEncryptionKey: settings.SESSION_ENCRYPTION_KEY ?? randomBytes(32),
  };
}

function analyticsHashKey(key: Buffer | undefined, required: boolean): Buffer {
  if (key) return key;
  if (required) {
    throw settingError(
      "ANALYTICS_HASH_KEY",
      `a secret of at least ${MIN_ANALYTICS_HASH_KEY_LENGTH} characters when ANALYTICS_CONTAINER_ID is set in production`,
      null,
    );
  }
  return randomBytes(32);
}
