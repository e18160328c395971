// Playwright's part of the closing lines of `npm test` (scripts/test-summary.ts): per project the
// tests' outcomes and the assertions (`expect` steps) their last runs made, and the ten slowest tests.

import type { FullResult, Reporter, Suite, TestCase, TestStep } from "@playwright/test/reporter";
import { type Outcome, SuiteTally } from "../../scripts/test-summary";

const OUTCOMES: Record<ReturnType<TestCase["outcome"]>, Outcome> = {
  expected: "passed",
  unexpected: "failed",
  flaky: "flaky",
  skipped: "skipped",
};

export default class SummaryReporter implements Reporter {
  private root: Suite | undefined;
  /** The suite's name in the closing lines: the Chromium suite, or another run of the runner (the engines). */
  private readonly suite: string;

  constructor(options: { suite?: string } = {}) {
    this.suite = options.suite ?? "playwright";
  }

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(_result: FullResult) {
    const tally = new SuiteTally(this.suite);
    for (const test of this.root?.allTests() ?? []) {
      const project = projectOf(test);
      const outcome = test.outcome();
      // A retried test counts once: its last run.
      const last = test.results.at(-1);
      const file = test.location.file.replace(/^.*?tests\/(e2e\/)?/, "");
      tally.add(
        project,
        OUTCOMES[outcome],
        last ? assertionsIn(last.steps) : 0,
        last && outcome !== "skipped"
          ? {
              title: `[${project}] ${file}:${test.location.line} ${test.title}`,
              seconds: last.duration / 1000,
            }
          : undefined,
      );
    }
    tally.finish();
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
