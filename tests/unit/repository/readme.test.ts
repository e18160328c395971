// The README is for someone who wants to run and change the product: short enough to read at once,
// with operators, contributors and the upstream contract one link away.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const MAX_BYTES = 10_240;

/** The README's links into the repository, without their anchors. */
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
  .map((match) => match[1]!)
  .filter((target) => !/^(https?:|mailto:|#)/.test(target))
  .map((target) => target.replace(/#.*$/, ""));

describe("the README", () => {
  it(`is at most ${MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("links to docs that exist", () => {
    expect(links.filter((target) => !fs.existsSync(path.join(root, target)))).toEqual([]);
  });

  it("links operators, contributors and the upstream contract", () => {
    expect(links).toEqual(
      expect.arrayContaining(["docs/operations.md", "docs/contributing.md", "docs/upstream-api/README.md"]),
    );
  });
});
