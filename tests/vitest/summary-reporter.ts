// vitest's part of the closing lines of `npm test` (scripts/test-summary.ts): per folder of tests/
// (unit, integration) the tests' outcomes and their assertions, and the ten slowest tests.

import type { Reporter, TestModule } from "vitest/node";
import { SuiteTally } from "../../scripts/test-summary";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const tally = new SuiteTally("vitest");
    for (const module of modules) {
      const file = module.moduleId.replace(/^.*?tests\//, "");
      const project = file.split("/")[0] ?? file;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        const duration = test.diagnostic()?.duration;
        tally.add(
          project,
          state === "passed" || state === "failed" ? state : "skipped",
          test.meta().assertions ?? 0,
          duration === undefined
            ? undefined
            : { title: `${file} ${test.fullName}`, seconds: duration / 1000 },
        );
      }
    }
    tally.finish();
  }
}
