// Comments in app/ say why in a line or two (docs/STYLE.md): at most 8 % of its non-blank lines, and
// no file header that restates a decision record at length.

import { describe, expect, it } from "vitest";
import { sourcesUnder } from "./source-tree";

const MAX_SHARE = 0.08;
const MAX_HEADER_LINES = 2;

/** Each non-blank line of `source`, and whether it is (part of) a comment. */
export function commentLines(source: string): boolean[] {
  const lines: boolean[] = [];
  let inBlock = false;
  for (const line of source.split("\n")) {
    const text = line.trim();
    if (!text) continue;
    let comment = false;
    if (inBlock) {
      comment = true;
      inBlock = !text.includes("*/");
    } else if (text.startsWith("//")) {
      comment = true;
    } else if (text.startsWith("/*") || text.startsWith("{/*")) {
      comment = true;
      inBlock = !text.includes("*/");
    }
    lines.push(comment);
  }
  return lines;
}

/** The comment lines a file opens with, up to its first blank line or line of code. */
export function headerLength(source: string): number {
  const lines = source.split("\n");
  const end = lines.findIndex((line) => !line.trim().startsWith("//"));
  return end === -1 ? lines.length : end;
}

describe("comments in app/", () => {
  const files = sourcesUnder(/\.(ts|tsx|css)$/, "app").map(({ file, source }) => ({
    file,
    lines: commentLines(source),
    header: headerLength(source),
  }));

  it("counts a block comment and a line comment, not code", () => {
    expect(commentLines("// a\n/**\n * b\n */\nconst c = 1; // d\n\n{/* e */}")).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
  });

  it(`are at most ${MAX_SHARE * 100} % of the non-blank lines`, () => {
    const total = files.reduce((sum, { lines }) => sum + lines.length, 0);
    const comments = files.reduce((sum, { lines }) => sum + lines.filter(Boolean).length, 0);
    console.log(
      `[comments] ${comments} of ${total} non-blank lines in app/ (${((100 * comments) / total).toFixed(1)} %)`,
    );
    expect(comments / total).toBeLessThanOrEqual(MAX_SHARE);
  });

  it(`open a file with at most ${MAX_HEADER_LINES} lines (link the decision instead of restating it)`, () => {
    const long = files
      .filter(({ header }) => header > MAX_HEADER_LINES)
      .map(({ file, header }) => `${file}: ${header} lines`);
    expect(long).toEqual([]);
  });
});
