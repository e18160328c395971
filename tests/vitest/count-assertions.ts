// Each test's count of assertions, kept on the test for the summary reporter (tests/vitest/summary-reporter.ts).

import { afterEach, expect } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach(({ task }) => {
  task.meta.assertions = expect.getState().assertionCalls;
});
