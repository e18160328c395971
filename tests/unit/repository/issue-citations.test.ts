// Comments, tests and docs say what is required, never "issue N": a reader of the repository cannot
// follow an issue number.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
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
const CITATION = /\bissues? [0-9]+/i;

function* filesUnder(entry: string): Generator<string> {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (TEXT.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(full)) {
    if (!SKIP.has(name)) yield* filesUnder(path.join(entry, name));
  }
}

describe("issue numbers", () => {
  it("are cited nowhere in the code, tests and docs", () => {
    const citations = READ.flatMap((entry) => [...filesUnder(entry)]).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citations).toEqual([]);
  });
});
