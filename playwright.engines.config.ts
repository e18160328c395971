// The journeys in WebKit and Gecko (tests/engines, decision 0037): the built app and the reference
// upstream started as for the Chromium suite (playwright.config.ts), one project per engine, one worker
// each, so the two engines run side by side and each reuses its browser across its tests.

import { defineConfig } from "@playwright/test";
import chromiumSuite from "./playwright.config";
import type { EngineWorkerFixtures } from "./tests/engines/fixtures";

export default defineConfig<object, EngineWorkerFixtures>({
  ...chromiumSuite,
  testDir: "tests/engines",
  outputDir: process.env.SAKIDORI_BUILD_DIR
    ? `${process.env.SAKIDORI_BUILD_DIR}/test-results-engines`
    : "test-results-engines",
  fullyParallel: false,
  workers: 2,
  reporter: [
    ["list"],
    ["./tests/e2e/summary-reporter.ts", { suite: "engines" }],
    ...(process.env.CI
      ? []
      : [["html", { open: "never", outputFolder: "playwright-report-engines" }] as const]),
  ],
  // Traces and failure screenshots are Chromium's: the driver fixture saves the engine's own (failure.png).
  use: { ...chromiumSuite.use, trace: "off", screenshot: "off" },
  projects: [
    { name: "webkit", use: { engineName: "webkit" } },
    { name: "gecko", use: { engineName: "gecko" } },
  ],
});
