// `npm run screens`: the tour's screenshots (docs/screens.md) at a phone's 375 px, JavaScript on.
// Not part of `npm test`: the spec starts the product itself (`npm start` on a fresh data folder, so
// the demo owners exist) and writes docs/screens/*.png.

import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./tests/e2e/chromium";

export default defineConfig({
  testDir: "tests/screens",
  outputDir: "test-results-screens",
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
    javaScriptEnabled: true,
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "screens" }],
});
