// Browser tests: Debian's Chromium against the built app and the reference upstream, both started
// by the test run on free ports with a temporary data directory. Every flow runs twice: JavaScript
// on and JavaScript off (ARCHITECTURE §2).

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { findFreePort } from "./scripts/ports";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./tests/e2e/chromium";

// The config is loaded by the runner and again by each worker; the runner picks the ports and the
// data directory once and the workers inherit them through the environment.
if (!process.env.E2E_APP_PORT) {
  process.env.E2E_APP_PORT = String(await findFreePort());
  process.env.E2E_UPSTREAM_PORT = String(await findFreePort());
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-e2e-"));
  process.env.E2E_SESSION_SECRETS = randomBytes(32).toString("base64");
  process.env.E2E_SESSION_ENCRYPTION_KEY = randomBytes(32).toString("base64");
}
const appPort = process.env.E2E_APP_PORT;
const upstreamPort = process.env.E2E_UPSTREAM_PORT!;
const dataDir = process.env.E2E_DATA_DIR!;
const appUrl = `http://localhost:${appPort}`;
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Side-by-side runs (SAKIDORI_BUILD_DIR) keep their artifacts apart.
  outputDir: process.env.SAKIDORI_BUILD_DIR
    ? `${process.env.SAKIDORI_BUILD_DIR}/test-results`
    : "test-results",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // On CI (a shared two-core machine) a failing test runs once more; one that passes then is listed
  // as flaky in the output, so it is seen and mended, and one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The summary reporter closes the run with each project's tests and assertions and the slowest tests.
  reporter: [
    ["list"],
    ["./tests/e2e/summary-reporter.ts"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: appUrl,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "npx tsx reference-upstream/main.ts",
      url: `${upstreamUrl}/api/health/`,
      env: {
        UPSTREAM_PORT: upstreamPort,
        UPSTREAM_HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        APP_BASE_URL: appUrl,
        UPSTREAM_LOG: "false",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      timeout: 60_000,
    },
    {
      command: `node --import tsx scripts/serve.ts ./${process.env.SAKIDORI_BUILD_DIR || "build"}/index.js`,
      url: appUrl,
      env: {
        NODE_ENV: "production",
        PORT: appPort,
        API_BASE_URL: upstreamUrl,
        APP_BASE_URL: appUrl,
        SESSION_SECRETS: process.env.E2E_SESSION_SECRETS!,
        SESSION_ENCRYPTION_KEY: process.env.E2E_SESSION_ENCRYPTION_KEY!,
        // Every page of every test comes from 127.0.0.1: the per-address count would refuse the suite
        // itself (the limit is proven in tests/integration/login-action.test.ts).
        RATE_LIMIT_PER_ADDRESS: "100000",
        // The same for the look-ups; a session's own limit stays as shipped (lookup-limits.spec.ts).
        LOOKUP_LIMIT_PER_ADDRESS: "100000",
        // And for uploads at once; a person's own limit stays as shipped (uploads-at-once.spec.ts).
        MAX_UPLOADS_AT_ONCE_PER_ADDRESS: "100000",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      timeout: 60_000,
    },
  ],
});
