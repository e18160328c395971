// The app's settings, checked in one place at the start: each variable's default, and for a wrong
// value one line naming the variable, what it expects and what it got (a secret described, never
// shown), so `npm start` and the server can stop before anything listens.

import path from "node:path";
import { describe, expect, it } from "vitest";
import { SettingError } from "~/domain/settings";
import { readConfig } from "~/settings/config.server";

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRETS: "s".repeat(44),
  SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
};

/** The line readConfig stops with under `env` (outside production unless `env` says otherwise). */
function refusal(env: Record<string, string>): string {
  try {
    readConfig({ NODE_ENV: "test", ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    const message = (error as Error).message;
    expect(message, "one line").not.toContain("\n");
    return message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe("the settings' defaults: unset, empty or only spaces", () => {
  it("port 3000 on every interface, log level info, no metrics port (on loopback when set), 30 s to drain, the local upstream", () => {
    for (const env of [
      {},
      { PORT: "", HOST: "", LOG_LEVEL: " ", METRICS_PORT: "", METRICS_HOST: "", REDIS_URL: "" },
    ]) {
      const config = readConfig({ NODE_ENV: "test", ...env });
      expect(config).toMatchObject({
        port: 3000,
        host: undefined,
        logLevel: "info",
        metricsPort: undefined,
        metricsHost: "127.0.0.1",
        shutdownGraceMs: 30_000,
        appOrigin: "http://localhost:3000",
        secureCookies: false,
        fixedBrandId: undefined,
        production: false,
        upstreamDeadlineMs: 10_000,
        trustedProxyHops: 0,
        analyticsContainerId: undefined,
        bodyRateWindowMs: 30_000,
        bodyMinBytesPerSecond: 2_048,
        maxUploadsAtOnce: 64,
        maxUploadsAtOncePerAddress: 12,
        redisUrl: undefined,
        rateLimitPerAddress: undefined,
        stuffingFailedLogins: undefined,
        stuffingNewBrowserLogins: undefined,
        lookupLimitPerAddress: undefined,
        lookupLimitPerSession: undefined,
        legalContentDir: path.resolve("content/legal"),
      });
      expect(config.apiBaseUrl.href).toBe("http://127.0.0.1:8787/");
    }
    // The public origin follows PORT when APP_BASE_URL is unset.
    expect(readConfig({ PORT: "4000" }).appOrigin).toBe("http://localhost:4000");
  });

  it("each variable read as given", () => {
    const config = readConfig({
      NODE_ENV: "test",
      PORT: "8080",
      HOST: "127.0.0.1",
      LOG_LEVEL: "DEBUG",
      METRICS_PORT: "9464",
      METRICS_HOST: "0.0.0.0",
      SHUTDOWN_GRACE_MS: "5000",
      API_BASE_URL: "https://api.example.jp/",
      APP_BASE_URL: "https://app.example.jp/",
      BRAND: " Midori ",
      REDIS_URL: "rediss://cache.example.jp:6380/2",
      RATE_LIMIT_PER_ADDRESS: "100000",
      STUFFING_FAILED_LOGINS: "1000",
      STUFFING_NEW_BROWSER_LOGINS: "30",
      LOOKUP_LIMIT_PER_ADDRESS: "500",
      LOOKUP_LIMIT_PER_SESSION: "70",
      LEGAL_CONTENT_DIR: "/srv/legal",
      TRUSTED_PROXY_HOPS: "1",
      COOKIE_SECURE: "false",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      logLevel: "debug",
      metricsPort: 9464,
      metricsHost: "0.0.0.0",
      shutdownGraceMs: 5000,
      appOrigin: "https://app.example.jp",
      secureCookies: false,
      fixedBrandId: "midori",
      redisUrl: "rediss://cache.example.jp:6380/2",
      rateLimitPerAddress: 100_000,
      stuffingFailedLogins: 1000,
      stuffingNewBrowserLogins: 30,
      lookupLimitPerAddress: 500,
      lookupLimitPerSession: 70,
      legalContentDir: "/srv/legal",
      trustedProxyHops: 1,
    });
    expect(config.apiBaseUrl.href).toBe("https://api.example.jp/");
    expect(readConfig({ HOST: "::" }).host).toBe("::");
    expect(readConfig({ HOST: "localhost" }).host).toBe("localhost");
  });
});

describe("a wrong value stops the start with one line naming the variable", () => {
  it("PORT: a port number", () => {
    expect(refusal({ PORT: "abc" })).toBe('Setting PORT: expected a port number from 1 to 65535, got "abc".');
    for (const value of ["0", "65536", "3000.5", "-1", "3e3", "80 80"]) {
      expect(refusal({ PORT: value })).toMatch(/^Setting PORT: expected a port number from 1 to 65535/);
    }
  });

  it("HOST: an interface address or a host name", () => {
    expect(refusal({ HOST: "http://0.0.0.0" })).toBe(
      'Setting HOST: expected an interface address (0.0.0.0, ::, 127.0.0.1) or a host name, got "http://0.0.0.0".',
    );
    expect(refusal({ HOST: "my host" })).toMatch(/^Setting HOST: /);
    expect(refusal({ METRICS_HOST: "http://0.0.0.0" })).toMatch(
      /^Setting METRICS_HOST: expected an interface address/,
    );
  });

  it("API_BASE_URL and APP_BASE_URL: an http(s) URL with a host", () => {
    expect(refusal({ API_BASE_URL: "not-a-url" })).toBe(
      'Setting API_BASE_URL: expected http:// or https:// and a host, such as http://127.0.0.1:8787, got "not-a-url".',
    );
    expect(refusal({ API_BASE_URL: "ftp://api.example.jp" })).toMatch(/^Setting API_BASE_URL: /);
    expect(refusal({ APP_BASE_URL: "localhost:3000" })).toBe(
      'Setting APP_BASE_URL: expected http:// or https:// and a host, such as https://app.example.jp, got "localhost:3000".',
    );
  });

  it("REDIS_URL: redis:// or rediss://, its password never in the line", () => {
    expect(refusal({ REDIS_URL: "127.0.0.1:6379" })).toBe(
      'Setting REDIS_URL: expected redis:// or rediss:// and a host, such as redis://127.0.0.1:6379, got "127.0.0.1:6379".',
    );
    for (const value of ["http://:hunter2@cache:6379", "redis:/me:p@hunter2@cache"]) {
      const line = refusal({ REDIS_URL: value });
      expect(line).toMatch(/^Setting REDIS_URL: /);
      expect(line).not.toContain("hunter2");
    }
  });

  it("BRAND: a known brand id", () => {
    expect(refusal({ BRAND: "acme" })).toBe('Setting BRAND: expected one of sakidori, midori, got "acme".');
  });

  it("LOG_LEVEL: one of pino's levels", () => {
    expect(refusal({ LOG_LEVEL: "verbose" })).toBe(
      'Setting LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "verbose".',
    );
  });

  it("METRICS_PORT: a port number, never the public one", () => {
    expect(refusal({ METRICS_PORT: "metrics" })).toMatch(
      /^Setting METRICS_PORT: expected a port number from 1 to 65535, got "metrics"\.$/,
    );
    expect(refusal({ PORT: "8080", METRICS_PORT: "8080" })).toBe(
      'Setting METRICS_PORT: expected a port other than PORT (8080), got "8080".',
    );
    expect(refusal({ METRICS_PORT: "3000" })).toMatch(/^Setting METRICS_PORT: .*other than PORT \(3000\)/);
  });

  it.each(["SHUTDOWN_GRACE_MS", "UPSTREAM_DEADLINE_MS", "BODY_RATE_WINDOW_MS"])(
    "%s: a whole number of milliseconds",
    (name) => {
      for (const value of ["30s", "0", "-5", "1.5"]) {
        expect(refusal({ [name]: value })).toBe(
          `Setting ${name}: expected a whole number of milliseconds, at least 1, got ${JSON.stringify(value)}.`,
        );
      }
    },
  );

  it.each([
    "MAX_UPLOADS_AT_ONCE",
    "MAX_UPLOADS_AT_ONCE_PER_ADDRESS",
    "BODY_MIN_BYTES_PER_SECOND",
    "RATE_LIMIT_PER_ADDRESS",
    "STUFFING_FAILED_LOGINS",
    "STUFFING_NEW_BROWSER_LOGINS",
    "LOOKUP_LIMIT_PER_ADDRESS",
    "LOOKUP_LIMIT_PER_SESSION",
  ])("%s: a whole number of at least 1", (name) => {
    for (const value of ["many", "0", "2.5"]) {
      expect(refusal({ [name]: value })).toBe(
        `Setting ${name}: expected a whole number of at least 1, got ${JSON.stringify(value)}.`,
      );
    }
  });

  it("BODY_IDLE_TIMEOUT_MS, replaced by a rate over a window: set, it stops the start naming both", () => {
    expect(refusal({ BODY_IDLE_TIMEOUT_MS: "60000" })).toBe(
      'Setting BODY_IDLE_TIMEOUT_MS: expected unset (it became BODY_RATE_WINDOW_MS and BODY_MIN_BYTES_PER_SECOND), got "60000".',
    );
    expect(readConfig({ BODY_IDLE_TIMEOUT_MS: " " }).bodyRateWindowMs).toBe(30_000);
  });

  it("TRUSTED_PROXY_HOPS: a whole number from 0 to 10", () => {
    expect(refusal({ TRUSTED_PROXY_HOPS: "11" })).toBe(
      'Setting TRUSTED_PROXY_HOPS: expected a whole number from 0 to 10, got "11".',
    );
    expect(readConfig({ TRUSTED_PROXY_HOPS: "0" }).trustedProxyHops).toBe(0);
  });

  it("COOKIE_SECURE and ALLOW_EPHEMERAL_SECRETS: true or false, never a guess", () => {
    expect(refusal({ COOKIE_SECURE: "yes" })).toBe(
      'Setting COOKIE_SECURE: expected true or false, got "yes".',
    );
    expect(refusal({ ALLOW_EPHEMERAL_SECRETS: "1" })).toBe(
      'Setting ALLOW_EPHEMERAL_SECRETS: expected true or false, got "1".',
    );
  });

  it("ANALYTICS_CONTAINER_ID: letters, digits and hyphens", () => {
    expect(refusal({ ANALYTICS_CONTAINER_ID: "GTM-1<script>" })).toBe(
      'Setting ANALYTICS_CONTAINER_ID: expected letters, digits and hyphens (e.g. GTM-ABC1234), got "GTM-1<script>".',
    );
  });

  it("the secrets: required in production, described in the line but never shown", () => {
    expect(refusal({ ...PRODUCTION, SESSION_SECRETS: "" })).toBe(
      "Setting SESSION_SECRETS: expected comma-separated secrets (required in production; npm start creates them), but it is not set.",
    );
    expect(refusal({ ...PRODUCTION, SESSION_ENCRYPTION_KEY: "" })).toBe(
      "Setting SESSION_ENCRYPTION_KEY: expected 32 bytes in base64, e.g. from openssl rand -base64 32 (required in production; npm start creates it), but it is not set.",
    );
    const shortKey = Buffer.alloc(16, 9).toString("base64");
    const line = refusal({ ...PRODUCTION, SESSION_ENCRYPTION_KEY: shortKey });
    expect(line).toBe(
      "Setting SESSION_ENCRYPTION_KEY: expected 32 bytes in base64, e.g. from openssl rand -base64 32, got 16 bytes.",
    );
    expect(refusal({ SESSION_ENCRYPTION_KEY: shortKey })).toBe(line);
    expect(() => readConfig({ NODE_ENV: "production", ALLOW_EPHEMERAL_SECRETS: "true" })).not.toThrow();
  });

  it("ANALYTICS_HASH_KEY: a secret of 32 characters or more when analytics is on in production", () => {
    const on = { ...PRODUCTION, ANALYTICS_CONTAINER_ID: "GTM-ABC1234" };
    expect(refusal(on)).toBe(
      "Setting ANALYTICS_HASH_KEY: expected a secret of at least 32 characters when ANALYTICS_CONTAINER_ID is set in production, but it is not set.",
    );
    expect(refusal({ ...on, ANALYTICS_HASH_KEY: "short-secret" })).toBe(
      "Setting ANALYTICS_HASH_KEY: expected a secret of at least 32 characters, got 12 characters.",
    );
  });

  it("the first wrong variable is the one named: PORT before the URL built from it", () => {
    expect(refusal({ PORT: "abc", APP_BASE_URL: "http://localhost:abc" })).toMatch(/^Setting PORT: /);
  });
});
