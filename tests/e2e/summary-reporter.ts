// Playwright's part of the closing lines of `npm test` (scripts/test-summary.ts): per project the
// tests' outcomes and the assertions (`expect` steps) their last runs made, and the ten slowest tests.

import type { FullResult, Reporter, Suite, TestCase, TestStep } from "@playwright/test/reporter";
import { type ProjectSummary, saveSummary, slowest, suiteLines } from "../../scripts/test-summary";

export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(_result: FullResult) {
    const projects = new Map<string, ProjectSummary>();
    const timed: { title: string; seconds: number }[] = [];
    for (const test of this.root?.allTests() ?? []) {
      const name = projectOf(test);
      const project = projects.get(name) ?? {
        name,
        passed: 0,
        failed: 0,
        flaky: 0,
        skipped: 0,
        assertions: 0,
      };
      projects.set(name, project);
      const outcome = test.outcome();
      if (outcome === "expected") project.passed += 1;
      else if (outcome === "unexpected") project.failed += 1;
      else if (outcome === "flaky") project.flaky += 1;
      else project.skipped += 1;
      // A retried test counts once: its last run.
      const last = test.results.at(-1);
      project.assertions += last ? assertionsIn(last.steps) : 0;
      if (last && outcome !== "skipped")
        timed.push({
          title: `[${name}] ${test.location.file.replace(/^.*tests\/e2e\//, "")}:${test.location.line} ${test.title}`,
          seconds: last.duration / 1000,
        });
    }
    const summary = { suite: "playwright", projects: [...projects.values()], slowest: slowest(timed) };
    saveSummary(summary);
    console.log(["", ...suiteLines(summary)].join("\n"));
  }

  printsToStdio() {
    return false;
  }
}

/** The `expect` steps among `steps` and the steps inside them (a fixture's, a hook's, a test.step's). */
function assertionsIn(steps: readonly TestStep[]): number {
  return steps.reduce(
    (count, step) => count + (step.category === "expect" ? 1 : 0) + assertionsIn(step.steps),
    0,
  );
}

function projectOf(test: TestCase): string {
  return test.parent.project()?.name ?? "";
}
