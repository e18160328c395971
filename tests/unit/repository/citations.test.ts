// Comments, tests and docs say what is required, never "issue N" (a reader of the repository cannot
// follow an issue number), and cite the architecture document as "ARCHITECTURE §N", so that "decision
// N" is always a record in docs/decisions.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, read, root } from "./source-tree";

const READ = [
  "app",
  "bench",
  "docs",
  "ops",
  "reference-upstream",
  "scripts",
  "tests",
  "README.md",
  "eslint.config.js",
];
const SKIP = new Set(["node_modules", "fixtures-data", ".builds", "build", "test-results"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|yml|yaml|json|sql)$/;
const ISSUE = /\bissues? [0-9]+/i;
const ARCHITECTURE_AS_DECISION = /\barchitecture(\.md)? decisions? [0-9]+/i;

/** Every line of the code, tests and docs that matches `pattern`, as file:line: text. */
function linesMatching(pattern: RegExp): string[] {
  return READ.filter((entry) => fs.existsSync(path.join(root, entry)))
    .flatMap((entry) => [...filesUnder(entry, TEXT, { skip: SKIP })])
    .flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}

describe("citations in the code, tests and docs", () => {
  it("never name an issue number", () => {
    expect(linesMatching(ISSUE)).toEqual([]);
  });

  it('cite the architecture document by its sections ("ARCHITECTURE §N"), not as a decision', () => {
    expect(linesMatching(ARCHITECTURE_AS_DECISION)).toEqual([]);
  });
});
