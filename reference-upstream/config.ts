// Configuration of the reference upstream, read once from the environment and checked as the app's
// settings are (app/domain/settings.ts): a wrong value stops the start with one line naming it.

import path from "node:path";
import { z } from "zod";
import {
  DEFAULT_BODY_MIN_BYTES_PER_SECOND,
  DEFAULT_BODY_RATE_WINDOW_MS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type Environment,
  flag,
  httpUrl,
  interfaceHost,
  milliseconds,
  portNumber,
  readSettings,
  retired,
  text,
  wholeNumber,
  withDefault,
} from "../app/domain/settings";

export interface ServiceDefinition {
  id: string;
  service_name: string;
  login_url: string;
  /** §6 individual-supported: false refuses 個人事業主 on register and profile (the brand's own setting). */
  individual_supported: boolean;
  /** The partner bank a member's consent lets the operator inform (POST /api/register/ asks it); null: none. */
  partner_name: string | null;
}

export interface UpstreamConfig {
  host: string;
  port: number;
  dataDir: string;
  /** The API's build version, sent as `version` by POST /api/me/ (§7). */
  version: string;
  /** Where links in e-mails point (the app's public origin). */
  appBaseUrl: string;
  /** Brands (services) this upstream serves; a login to another brand's account is refused (§6). */
  services: ServiceDefinition[];
  /** Seeds the demo account on an empty database. */
  seedDemo: boolean;
  /**
   * The key of `hashed_user_id` in the me answer (§3 "the analytics view also carries … hashed_user_id"):
   * an HMAC of the user id, so a tag manager gets a stable id that cannot be turned back into ours.
   */
  analyticsIdKey: string;
  /** What one user may store (UPLOAD_QUOTA_MB, UPLOAD_FILES_PER_DAY): checked before a file is kept. */
  uploadQuota: UploadQuota;
  /** Clock, replaceable in tests. */
  now: () => Date;
  /** One JSON line per request unless false (UPSTREAM_LOG=false); unexpected errors are logged either way. */
  log: boolean;
  /** Where log lines go; stdout unless given (tests read them). */
  logTo?: { write(line: string): void };
  /**
   * A request's body bringing less than this a second over the window is closed (decision 0021): an
   * upload streamed through the app comes at the browser's pace.
   */
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** How long requests under way may take to finish after SIGTERM (SHUTDOWN_GRACE_MS, as the app's). */
  shutdownGraceMs: number;
}

export interface UploadQuota {
  /** Bytes of files one user may have stored in all (those submitted entries hold included). */
  maxBytes: number;
  /** Files one user may upload in one day (Japan's calendar day); a deleted file still counts. */
  filesPerDay: number;
}

/** 200 MiB in all and 50 files a day: far more than an applicant's documents, far less than a flood. */
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = { maxBytes: 200 * 1024 * 1024, filesPerDay: 50 };

export const DEFAULT_SERVICE_ID = "sakidori";
export const UPSTREAM_VERSION = "2026.11.0";
/** A deployment of the reference upstream sets its own (UPSTREAM_ANALYTICS_ID_KEY). */
export const DEFAULT_ANALYTICS_ID_KEY = "sakidori-reference-upstream";

export function defaultServices(
  appBaseUrl: string,
  whiteLabelBase = whiteLabelOrigin(appBaseUrl),
): ServiceDefinition[] {
  return [
    {
      id: "sakidori",
      service_name: "サキドリ",
      login_url: `${appBaseUrl}/login`,
      individual_supported: true,
      partner_name: null,
    },
    {
      id: "midori",
      service_name: "みどり銀行 請求書買取サービス",
      login_url: `${whiteLabelBase}/login`,
      individual_supported: false,
      partner_name: "株式会社みどり銀行",
    },
  ];
}

/** The white-label brand is served on the midori.* host of the same port (midori.localhost in development). */
function whiteLabelOrigin(appBaseUrl: string): string {
  const url = new URL(appBaseUrl);
  url.hostname = `midori.${url.hostname === "127.0.0.1" ? "localhost" : url.hostname}`;
  return url.origin;
}

const schema = z.object({
  UPSTREAM_HOST: withDefault(interfaceHost(), "127.0.0.1"),
  UPSTREAM_PORT: withDefault(portNumber(), 8787),
  DATA_DIR: withDefault(text(), "./data"),
  UPSTREAM_VERSION: withDefault(text(), UPSTREAM_VERSION),
  // PORT only makes APP_BASE_URL's default, the app's address on this machine.
  PORT: withDefault(portNumber(), 3000),
  APP_BASE_URL: httpUrl("https://app.example.jp"),
  WHITE_LABEL_BASE_URL: httpUrl("https://midori.example.jp"),
  SEED_DEMO: withDefault(flag(), true),
  UPSTREAM_ANALYTICS_ID_KEY: withDefault(text(), DEFAULT_ANALYTICS_ID_KEY),
  UPLOAD_QUOTA_MB: withDefault(wholeNumber(1), DEFAULT_UPLOAD_QUOTA.maxBytes / (1024 * 1024)),
  UPLOAD_FILES_PER_DAY: withDefault(wholeNumber(1), DEFAULT_UPLOAD_QUOTA.filesPerDay),
  UPSTREAM_LOG: withDefault(flag(), true),
  BODY_RATE_WINDOW_MS: withDefault(milliseconds(), DEFAULT_BODY_RATE_WINDOW_MS),
  BODY_MIN_BYTES_PER_SECOND: withDefault(wholeNumber(1), DEFAULT_BODY_MIN_BYTES_PER_SECOND),
  BODY_IDLE_TIMEOUT_MS: retired("BODY_RATE_WINDOW_MS and BODY_MIN_BYTES_PER_SECOND"),
  SHUTDOWN_GRACE_MS: withDefault(milliseconds(), DEFAULT_SHUTDOWN_GRACE_MS),
});

/** A URL as the links are built from it: without the trailing slash. */
const base = (url: URL) => url.href.replace(/\/$/, "");

export function configFromEnvironment(env: Environment = process.env): UpstreamConfig {
  const settings = readSettings(schema, env);
  const appBaseUrl = settings.APP_BASE_URL
    ? base(settings.APP_BASE_URL)
    : `http://localhost:${settings.PORT}`;
  return {
    host: settings.UPSTREAM_HOST,
    port: settings.UPSTREAM_PORT,
    dataDir: path.resolve(settings.DATA_DIR),
    version: settings.UPSTREAM_VERSION,
    appBaseUrl,
    services: defaultServices(
      appBaseUrl,
      settings.WHITE_LABEL_BASE_URL && base(settings.WHITE_LABEL_BASE_URL),
    ),
    seedDemo: settings.SEED_DEMO,
    analyticsIdKey: settings.UPSTREAM_ANALYTICS_ID_KEY,
    uploadQuota: {
      maxBytes: settings.UPLOAD_QUOTA_MB * 1024 * 1024,
      filesPerDay: settings.UPLOAD_FILES_PER_DAY,
    },
    now: () => new Date(),
    log: settings.UPSTREAM_LOG,
    bodyRateWindowMs: settings.BODY_RATE_WINDOW_MS,
    bodyMinBytesPerSecond: settings.BODY_MIN_BYTES_PER_SECOND,
    shutdownGraceMs: settings.SHUTDOWN_GRACE_MS,
  };
}
