// JSX joins the lines of a text with a space, which in Japanese shows as a stray gap between two
// sentences; a Japanese text in app/ is written on one line instead.

import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourcesUnder } from "./source-tree";

const JAPANESE = "[\\u3000-\\u30ff\\u4e00-\\u9fff\\uff00-\\uffef]";
const SPLIT_BETWEEN_JAPANESE = new RegExp(`${JAPANESE}[ \\t]*\\r?\\n\\s*${JAPANESE}`);

/** Each JSX text in `source` whose lines break between two Japanese characters, by its line. */
export function splitJapaneseTexts(source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile("page.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && SPLIT_BETWEEN_JAPANESE.test(node.text)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ line, text: node.text.trim().replace(/\s+/g, " ").slice(0, 40) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("Japanese text in JSX", () => {
  it("finds a sentence continued on the next line, and not one followed by an element", () => {
    expect(splitJapaneseTexts("const a = <p>\n  一つ目です。\n  二つ目です。\n</p>;")).toHaveLength(1);
    expect(splitJapaneseTexts("const a = <p>\n  一つ目です。\n  <a>リンク</a>\n</p>;")).toEqual([]);
    expect(splitJapaneseTexts("const a = <p>\n  Step one.\n  Step two.\n</p>;")).toEqual([]);
  });

  it("is never broken across lines in app/, so no stray space appears between sentences", () => {
    const broken = sourcesUnder(/\.tsx$/, "app").flatMap(({ file, source }) =>
      splitJapaneseTexts(source).map(({ line, text }) => `${file}:${line} ${text}`),
    );
    expect(broken).toEqual([]);
  });
});
