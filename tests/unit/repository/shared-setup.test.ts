// Tests share their set-up (docs/contributing.md): an integration file gets its reference upstream from
// useTestUpstream (tests/integration/reference-upstream/harness.ts), the operator's review arguments are
// spelled once (tests/fixtures/reviews.ts), and no test asserts on elapsed time or sleeps to wait.

import { describe, expect, it } from "vitest";
import { type SourceFile, TYPESCRIPT, sourcesUnder } from "./source-tree";

/** Where a file starts a reference upstream itself rather than through useTestUpstream. */
export const HAND_STARTED_UPSTREAM: RegExp[] = [
  /\bstart(?:Test)?Upstream\(/,
  /from "[^"]*reference-upstream\/server"/,
];

/** Where a file spells the operator's review-claim arguments, or reviews a claim below the command. */
export const REVIEW_ARGUMENTS: RegExp[] = [
  /["'`]review-claim["'`]/,
  /--(?:purchase-amount|fee-ratio|bank-charge)\b/,
  /\breviewClaim\(/,
];

/** A timed assertion: a sleep used as a wait, or an expectation on elapsed time. */
export const TIMED_ASSERTIONS: RegExp[] = [
  /\bwaitForTimeout\(/,
  /await new Promise\(\(?\w*\)? => setTimeout\(\w+, /,
  /\bawait (?:sleep|delay)\(/,
  /expect\([^;]*?(?:\b(?:ms|elapsed\w*|duration\w*)|\w+Ms|\w+_ms)\)\.toBe(?:Less|Greater)Than(?:OrEqual)?\((?!0\))/,
  /expect\([^;]*?(?:performance|Date)\.now\(\) - [A-Za-z_]/,
];

const matching = (patterns: RegExp[], source: string) =>
  patterns.filter((pattern) => pattern.test(source)).map(String);

const offenders = (files: SourceFile[], patterns: RegExp[]) =>
  files
    .map(({ file, source }) => ({ file, found: matching(patterns, source) }))
    .filter(({ found }) => found.length > 0)
    .map(({ file, found }) => `${file}: ${found.join(", ")}`);

describe("integration files start the reference upstream through useTestUpstream only", () => {
  const ALLOWED = ["tests/integration/reference-upstream/harness.ts"];
  const files = sourcesUnder(TYPESCRIPT, "tests/integration").filter(({ file }) => !ALLOWED.includes(file));

  it("sees a file that starts one by hand", () => {
    const planted = `let upstream: TestUpstream;\nbeforeAll(async () => {\n  upstream = await startTestUpstream();\n});`;
    expect(matching(HAND_STARTED_UPSTREAM, planted)).toHaveLength(1);
    expect(
      matching(HAND_STARTED_UPSTREAM, `import { startUpstream } from "../../reference-upstream/server";`),
    ).toHaveLength(1);
    expect(
      matching(
        HAND_STARTED_UPSTREAM,
        "const upstream = useTestUpstream();\nawait servers.restartUpstream();",
      ),
    ).toEqual([]);
  });

  it("finds none", () => {
    console.log(`[shared set-up] ${files.length} integration files read for an upstream started by hand`);
    expect(offenders(files, HAND_STARTED_UPSTREAM)).toEqual([]);
  });
});

describe("the operator's review is spelled once, in tests/fixtures/reviews.ts", () => {
  const ALLOWED = [
    "tests/fixtures/reviews.ts",
    // The command line's own test: what review-claim accepts and refuses is its subject.
    "tests/integration/reference-upstream/operator.test.ts",
  ];
  const files = sourcesUnder(TYPESCRIPT, "tests", "bench").filter(
    ({ file }) => !ALLOWED.includes(file) && !file.startsWith("tests/unit/repository/"),
  );

  it("sees a file that restates the arguments", () => {
    const planted = `runOperator("review-claim", String(id), "can_buy", "--purchase-amount", "900000");`;
    expect(matching(REVIEW_ARGUMENTS, planted)).toHaveLength(2);
    expect(
      matching(REVIEW_ARGUMENTS, `reviewClaim(upstream.db, id, { decision: "cannot_buy" }, new Date());`),
    ).toHaveLength(1);
    expect(matching(REVIEW_ARGUMENTS, `reviewClaims(upstream, [id], { decision: "cannot_buy" });`)).toEqual(
      [],
    );
  });

  it("finds none elsewhere in tests/ and bench/", () => {
    expect(offenders(files, REVIEW_ARGUMENTS)).toEqual([]);
  });
});

describe("no timed assertion in tests/ (wait for what the person sees; figures go to npm run bench)", () => {
  const ALLOWED = [
    // The poll of a wait-until: it waits for what the page shows, up to a deadline that only fails it.
    "tests/engines/driver.ts",
  ];
  const files = sourcesUnder(TYPESCRIPT, "tests").filter(
    ({ file }) => !ALLOWED.includes(file) && !file.startsWith("tests/unit/repository/"),
  );

  it("sees a sleep and an expectation on elapsed time", () => {
    for (const planted of [
      "await page.waitForTimeout(1_000);",
      "await new Promise((resolve) => setTimeout(resolve, 500));",
      "expect(visit.ms).toBeLessThan(3_000);",
      "expect(elapsed).toBeLessThan(DEADLINE_MS + 4_000);",
      "expect(drainMs).toBeGreaterThanOrEqual(9_500);",
      "expect(performance.now() - started).toBeLessThan(100);",
    ]) {
      expect(matching(TIMED_ASSERTIONS, planted), planted).not.toEqual([]);
    }
    for (const fine of [
      "expect(line.duration_ms).toBeGreaterThanOrEqual(0);",
      "expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.login.duration);",
      "await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(renderedBy);",
      "setTimeout(() => forward(upstream.url, req, res), delay);",
    ]) {
      expect(matching(TIMED_ASSERTIONS, fine), fine).toEqual([]);
    }
  });

  it("finds none", () => {
    expect(offenders(files, TIMED_ASSERTIONS)).toEqual([]);
  });
});
