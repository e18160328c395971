// The journeys' fixtures: the project's engine started once per worker, a fresh session of it per test
// (a screenshot of where it stood when a test fails), and the test's own folder for files to choose.

import fs from "node:fs";
import { test as base } from "@playwright/test";
import type { FilePayload } from "../e2e/files";
import type { Engine, EngineDriver, EngineName } from "./driver";
import { startGecko } from "./gecko";
import { startWebKit } from "./webkit";

export interface EngineFixtures {
  driver: EngineDriver;
  /** Writes `file` into the test's output folder and answers its path, for `driver.setFiles`. */
  fileOnDisk: (file: FilePayload) => string;
}

export interface EngineWorkerFixtures {
  /** The project's engine (playwright.engines.config.ts). */
  engineName: EngineName;
  engine: Engine;
}

export const test = base.extend<EngineFixtures, EngineWorkerFixtures>({
  engineName: ["webkit", { scope: "worker", option: true }],
  engine: [
    async ({ engineName }, use) => {
      const engine = engineName === "webkit" ? await startWebKit() : await startGecko();
      await use(engine);
      await engine.stop();
    },
    { scope: "worker" },
  ],
  driver: async ({ engine }, use, testInfo) => {
    const driver = await engine.newDriver();
    await use(driver);
    if (testInfo.status !== testInfo.expectedStatus)
      await driver.screenshot(testInfo.outputPath("failure.png")).catch(() => undefined);
    await driver.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  fileOnDisk: async ({}, use, testInfo) =>
    use((file) => {
      const path = testInfo.outputPath(file.name);
      fs.writeFileSync(path, file.buffer);
      return path;
    }),
});

export * from "@playwright/test";
