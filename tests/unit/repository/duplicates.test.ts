// app/ says a thing once (docs/STYLE.md "Only one way"): the `duplicates` command finds at most 30 pairs
// of places in it that share six or more lines, not counting those it marks as boilerplate.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const MAX_PAIRS = 30;

function findDuplicates(): string | null {
  try {
    execFileSync("duplicates", ["--most", "1"], { cwd: os.tmpdir(), stdio: "ignore" });
    return "duplicates";
  } catch {
    return null;
  }
}
const command = findDuplicates();
if (!command) {
  // A developer's machine has it; a clean CI machine may not, and then nothing here can be counted.
  console.warn("duplicates.test.ts skipped: the `duplicates` command is not on this machine's PATH");
}

/** The rows of `duplicates` over `folder` that are not boilerplate (it always exits 0: `incomplete` fails). */
function pairs(folder: string): string[] {
  const output = execFileSync(command!, ["--most", "200", "--seconds", "120"], {
    cwd: folder,
    encoding: "utf8",
  });
  expect(output).not.toMatch(/^incomplete:/m);
  return nonBoilerplatePairs(output);
}

export function nonBoilerplatePairs(output: string): string[] {
  expect(output).not.toMatch(/^\(\+\d+ more pairs\)/m);
  return output.split("\n").filter((line) => /^D\d+ /.test(line) && !/\bboilerplate\b/.test(line));
}

describe("reading the command's answer", () => {
  it("counts the pair rows, not the summary, the boilerplate or the notes", () => {
    const output = [
      "3 pairs of places (2 files read), each sharing runs of 6 or more identical or same-shape lines",
      "D1 a.ts:1-9 ~ b.ts:3-11 shape (+1 more run)",
      "D2 a.ts:20-26 ~ a.ts:40-46",
      "D3 c.ts:1-7 ~ d.ts:1-7 shape boilerplate",
      "left out: a run too common to list",
    ].join("\n");
    expect(nonBoilerplatePairs(output)).toEqual([
      "D1 a.ts:1-9 ~ b.ts:3-11 shape (+1 more run)",
      "D2 a.ts:20-26 ~ a.ts:40-46",
    ]);
  });
});

describe.skipIf(!command)(`duplicates in app/: at most ${MAX_PAIRS} pairs besides boilerplate`, () => {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "duplicates-"));
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it("app/ as it is", () => {
    const found = pairs(path.join(root, "app"));
    expect(found.length, found.join("\n")).toBeLessThanOrEqual(MAX_PAIRS);
  });

  it("a block written again is counted (a copy of app/ with one planted)", () => {
    fs.cpSync(path.join(root, "app"), copy, { recursive: true });
    const before = pairs(copy).length;
    const source = fs.readFileSync(path.join(copy, "components/inadequate-reason.tsx"), "utf8");
    fs.writeFileSync(
      path.join(copy, "components/planted-reason.tsx"),
      source.replace("InadequateReason", "PlantedReason"),
    );
    expect(pairs(copy).length).toBeGreaterThan(before);
  });
});
