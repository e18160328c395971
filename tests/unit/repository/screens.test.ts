// The tour in docs/screens.md and its pictures in docs/screens/ (made by `npm run screens`) stay one:
// every picture it names is committed, every picture committed is named, and each stays small.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const tour = fs.readFileSync(path.join(root, "docs/screens.md"), "utf8");
const folder = path.join(root, "docs/screens");
const MAX_BYTES = 300_000;

/** The pictures the tour shows: `![…](screens/NN-name.png)`. */
const named = [...tour.matchAll(/!\[[^\]]*\]\(screens\/([^)\s]+)\)/g)].map((match) => match[1]!);
const committed = fs.readdirSync(folder).filter((name) => name.endsWith(".png"));

describe("docs/screens.md's tour", () => {
  it("shows ten screens, each once", () => {
    expect(named).toHaveLength(10);
    expect(new Set(named).size).toBe(named.length);
  });

  it("names only pictures that are in docs/screens/", () => {
    expect(named.filter((name) => !committed.includes(name))).toEqual([]);
  });

  it("names every picture in docs/screens/", () => {
    expect(committed.filter((name) => !named.includes(name))).toEqual([]);
  });

  it(`keeps each picture at most ${MAX_BYTES} bytes, 375 px wide`, () => {
    for (const name of committed) {
      const png = fs.readFileSync(path.join(folder, name));
      expect(png.length, name).toBeLessThanOrEqual(MAX_BYTES);
      // The PNG header's IHDR chunk: the width is its first four bytes.
      expect(png.readUInt32BE(16), name).toBe(375);
    }
  });
});
