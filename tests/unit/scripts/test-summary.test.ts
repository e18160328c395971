import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SuiteTally, summaryLines, type SuiteSummary } from "../../../scripts/test-summary";

describe("npm test's closing lines: each phase's time, each suite's tests, assertions and slowest tests", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("a suite's tally counts each outcome and the assertions per project, and keeps the ten slowest", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "summary-"));
    vi.stubEnv("SAKIDORI_TEST_SUMMARY_DIR", dir);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const tally = new SuiteTally("playwright");
    for (let n = 1; n <= 12; n++) tally.add("js-on", "passed", 3, { title: `test ${n}`, seconds: n });
    tally.add("js-on", "flaky", 2, { title: "flaky", seconds: 0.5 });
    tally.add("js-off", "failed", 1, { title: "failed", seconds: 20 });
    tally.add("js-off", "skipped", 0);
    tally.finish();

    const saved = JSON.parse(fs.readFileSync(path.join(dir, "playwright.json"), "utf8")) as SuiteSummary;
    expect(saved.projects).toEqual([
      { name: "js-on", passed: 12, failed: 0, flaky: 1, skipped: 0, assertions: 38 },
      { name: "js-off", passed: 0, failed: 1, flaky: 0, skipped: 1, assertions: 1 },
    ]);
    expect(saved.slowest.map((test) => test.title)).toEqual([
      "failed",
      ...[12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => `test ${n}`),
    ]);
  });

  it("prints each phase's time and result, the total, then each suite", () => {
    const lines = summaryLines(
      [
        { name: "lint", seconds: 22.46, code: 0 },
        { name: "playwright", seconds: 599.6, code: 1 },
      ],
      622.1,
      [
        {
          suite: "vitest",
          projects: [{ name: "unit", passed: 3, failed: 0, flaky: 0, skipped: 2, assertions: 11 }],
          slowest: [{ title: "unit/a.test.ts one", seconds: 1.25 }],
        },
      ],
    );
    expect(lines).toEqual([
      "== npm test: time per phase",
      "  lint             22.5 s  ok",
      "  playwright   10 min 00 s  failed (exit 1)",
      "  total        10 min 22 s",
      "vitest:",
      "  unit         3 passed, 2 skipped; 11 assertions",
      "  the 1 slowest tests:",
      "        1.3 s  unit/a.test.ts one",
    ]);
  });
});
