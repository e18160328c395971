// docs/contributing.md's three recipes name the app's files a change touches, in order: each exists,
// and adding a profile field touches at most 3 (its table, its input, a rule of its own).

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const CONTRIBUTING = fs.readFileSync(path.join(root, "docs/contributing.md"), "utf8");
const RECIPES = [
  "Add a profile field",
  "Show a new upstream call on the entry's detail page",
  "Add a rate limit to one form",
];
const MAX_PROFILE_FIELD_FILES = 3;

/** The file each numbered step of the recipe titled `title` opens with. */
export function recipeFiles(markdown: string, title: string): string[] {
  const start = markdown.indexOf(`### ${title}\n`);
  if (start < 0) return [];
  const rest = markdown.slice(start + title.length + 5);
  const end = rest.search(/^#{2,3} /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\d+\. (?:The [^`]*\()?`([^`]+)`/gm)].map((match) => match[1]!);
}

describe("docs/contributing.md's recipes", () => {
  it.each(RECIPES)("「%s」 names the files it touches, each of them there", (title) => {
    const files = recipeFiles(CONTRIBUTING, title);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files.filter((name) => !name.includes("…")))
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it(`adds a profile field in at most ${MAX_PROFILE_FIELD_FILES} files`, () => {
    expect(recipeFiles(CONTRIBUTING, RECIPES[0]!).length).toBeLessThanOrEqual(MAX_PROFILE_FIELD_FILES);
  });

  it("reads a planted recipe of four files as four", () => {
    const planted = [
      "### Add a profile field",
      "",
      "1. `app/domain/profile-form.ts`: the entry.",
      "2. `app/components/profile-fields.tsx`: the input.",
      "3. `app/forms/profile-labels.ts`: the label again.",
      "4. `app/upstream/profile.server.ts`: the answer's line.",
      "",
      "### Next",
    ].join("\n");
    expect(recipeFiles(planted, "Add a profile field")).toHaveLength(4);
  });
});
