// vitest's part of the closing lines of `npm test` (scripts/test-summary.ts): per folder of tests/
// (unit, integration) the tests' outcomes and their assertions, and the ten slowest tests.

import type { Reporter, TestModule } from "vitest/node";
import { type ProjectSummary, saveSummary, slowest, suiteLines } from "../../scripts/test-summary";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const projects = new Map<string, ProjectSummary>();
    const timed: { title: string; seconds: number }[] = [];
    for (const module of modules) {
      const file = module.moduleId.replace(/^.*?tests\//, "");
      const name = file.split("/")[0] ?? file;
      const project = projects.get(name) ?? {
        name,
        passed: 0,
        failed: 0,
        flaky: 0,
        skipped: 0,
        assertions: 0,
      };
      projects.set(name, project);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") project.passed += 1;
        else if (state === "failed") project.failed += 1;
        else project.skipped += 1;
        project.assertions += test.meta().assertions ?? 0;
        const duration = test.diagnostic()?.duration;
        if (duration !== undefined)
          timed.push({ title: `${file} ${test.fullName}`, seconds: duration / 1000 });
      }
    }
    const summary = { suite: "vitest", projects: [...projects.values()], slowest: slowest(timed) };
    saveSummary(summary);
    console.log(["", ...suiteLines(summary)].join("\n"));
  }
}
