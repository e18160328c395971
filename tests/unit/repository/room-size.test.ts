// A module of the reference upstream holds one job; past 400 lines a file has begun to hold several
// (the operator's actions had grown to 1,203), so a longer one is split by job, not let grow.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, root } from "./source-tree";

const MAX_LINES = 400;

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
function lineCount(source: string): number {
  return source === "" ? 0 : source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
}

/** The .ts files under `folder`, longest first, as [path from the folder, lines]. */
function fileLengths(folder: string): [string, number][] {
  return [...filesUnder(".", /\.ts$/, { base: folder })]
    .map((file): [string, number] => [file, lineCount(fs.readFileSync(path.join(folder, file), "utf8"))])
    .sort((a, b) => b[1] - a[1]);
}

/** Every .ts file under `folder` over MAX_LINES, as "path: N lines". */
function longFiles(folder: string): string[] {
  return fileLengths(folder)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([file, lines]) => `${file}: ${lines} lines`);
}

describe(`modules of reference-upstream/ are at most ${MAX_LINES} lines`, () => {
  it("finds a planted file one line over, and lets one at the limit through", () => {
    const planted = fs.mkdtempSync(path.join(os.tmpdir(), "room-size-"));
    try {
      fs.mkdirSync(path.join(planted, "entries"));
      const lines = (count: number) => "export const line = 1;\n".repeat(count);
      fs.writeFileSync(path.join(planted, "entries", "over.ts"), lines(MAX_LINES + 1));
      fs.writeFileSync(path.join(planted, "entries", "at-limit.ts"), lines(MAX_LINES));
      fs.writeFileSync(path.join(planted, "no-last-newline.ts"), lines(MAX_LINES) + "export {};");
      fs.writeFileSync(path.join(planted, "notes.md"), lines(MAX_LINES + 1));
      expect(longFiles(planted)).toEqual([
        `entries/over.ts: ${MAX_LINES + 1} lines`,
        `no-last-newline.ts: ${MAX_LINES + 1} lines`,
      ]);
    } finally {
      fs.rmSync(planted, { recursive: true, force: true });
    }
  });

  it("holds every module of reference-upstream/ to it", () => {
    const folder = path.join(root, "reference-upstream");
    const [longest] = fileLengths(folder);
    console.log(`[room size] the longest module of reference-upstream/: ${longest?.join(", ")} lines`);
    expect(longFiles(folder)).toEqual([]);
  });
});
