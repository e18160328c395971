// Configuration of the reference upstream, read once from the environment.

import path from "node:path";
import { DEFAULT_BODY_IDLE_TIMEOUT_MS } from "../app/security/slow-clients.server";
import { DEFAULT_SHUTDOWN_GRACE_MS } from "../app/server/drain.server";

export interface ServiceDefinition {
  id: string;
  service_name: string;
  login_url: string;
  /** §6 individual-supported: false refuses 個人事業主 on register and profile (the brand's own setting). */
  individual_supported: boolean;
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
  /** Logs to stderr unless false. */
  log: boolean;
  /**
   * How long a request's body may stop coming before its connection is closed (decision 0021): an
   * upload streamed through the app comes at the browser's pace.
   */
  bodyIdleTimeoutMs: number;
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

export function defaultServices(appBaseUrl: string): ServiceDefinition[] {
  const whiteLabelBase = process.env.WHITE_LABEL_BASE_URL ?? whiteLabelOrigin(appBaseUrl);
  return [
    {
      id: "sakidori",
      service_name: "サキドリ",
      login_url: `${appBaseUrl}/login`,
      individual_supported: true,
    },
    {
      id: "midori",
      service_name: "みどり銀行 請求書買取サービス",
      login_url: `${whiteLabelBase}/login`,
      individual_supported: false,
    },
  ];
}

/** The white-label brand is served on the midori.* host of the same port (midori.localhost in development). */
function whiteLabelOrigin(appBaseUrl: string): string {
  const url = new URL(appBaseUrl);
  url.hostname = `midori.${url.hostname === "127.0.0.1" ? "localhost" : url.hostname}`;
  return url.origin;
}

export function configFromEnvironment(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const appBaseUrl = (env.APP_BASE_URL ?? `http://localhost:${env.PORT ?? "3000"}`).replace(/\/$/, "");
  return {
    host: env.UPSTREAM_HOST ?? "127.0.0.1",
    port: Number(env.UPSTREAM_PORT ?? "8787"),
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    version: env.UPSTREAM_VERSION ?? UPSTREAM_VERSION,
    appBaseUrl,
    services: defaultServices(appBaseUrl),
    seedDemo: env.SEED_DEMO !== "false",
    analyticsIdKey: env.UPSTREAM_ANALYTICS_ID_KEY ?? DEFAULT_ANALYTICS_ID_KEY,
    uploadQuota: {
      maxBytes:
        positiveInteger(env, "UPLOAD_QUOTA_MB", DEFAULT_UPLOAD_QUOTA.maxBytes / (1024 * 1024)) * 1024 * 1024,
      filesPerDay: positiveInteger(env, "UPLOAD_FILES_PER_DAY", DEFAULT_UPLOAD_QUOTA.filesPerDay),
    },
    now: () => new Date(),
    log: env.UPSTREAM_LOG !== "false",
    bodyIdleTimeoutMs: Number(env.BODY_IDLE_TIMEOUT_MS) || DEFAULT_BODY_IDLE_TIMEOUT_MS,
    shutdownGraceMs: positiveInteger(env, "SHUTDOWN_GRACE_MS", DEFAULT_SHUTDOWN_GRACE_MS),
  };
}

/** A whole number ≥ 1 from the environment, or the default when unset; anything else stops the start. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  }
  return Number(value);
}
