// A path named in the docs or in a comment is a promise that the file is there: a moved file takes its
// mentions with it. Globs and placeholders (`app/routes/<folder>`, `_entry.*`) are skipped, and so is a
// file a record names as removed (`form.tsx`, removed by 0009).

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, read, root } from "./source-tree";

const CODE_FOLDERS = ["app", "reference-upstream", "scripts", "tests"];
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const SKIP = new Set(["node_modules", "fixtures-data", ".builds", "build", "test-results", "data", ".git"]);

/** A repository path: a top-level folder and what follows (`docs/`, `app/domain/money.ts`). */
const REPO_PATH =
  /(?<![\w./~$@-])(?:app|docs|tests|reference-upstream|scripts|bench|ops|content)\/[\w.$@+[\]/-]*/g;
/** A relative Markdown link's target: `[text](decisions/0020-login-limits-by-device.md#part)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#|\/)([^)\s]+)\)/g;
/** Said of a file that is gone on purpose, right after its mention. */
const REMOVED = /^`?,? \(?(since )?removed\b/;
/** How a module is named without its extension (`app/security/rate-limit`). */
const EXTENSIONS = ["", ".ts", ".tsx", ".server.ts", ".md"];
/** Characters that make a mention a pattern or a placeholder rather than one path. */
const PATTERN = /[*<>{}…]|\.\.\.|\$\{/;

/** The comment part of a line of code, or "" when it has none (`://` in a URL is no comment). */
function commentOf(line: string): string {
  const trimmed = line.trim();
  if (/^(\/\/|\/\*|\*|\{\/\*)/.test(trimmed)) return trimmed;
  const trailing = line.search(/(?<![:"'`])\/\/ /);
  return trailing >= 0 ? line.slice(trailing) : "";
}

/** What `mention` names, from the repository's root, or null when it is a pattern. */
function target(mention: string, from: string, relative: boolean): string | null {
  const bare = mention
    .split("](")[0]!
    .replace(/#.*$/, "")
    .replace(/[.,:;\]]+$/, "");
  if (!bare || PATTERN.test(bare) || bare.includes("`")) return null;
  return relative ? path.join(path.dirname(from), decodeURIComponent(bare)) : bare;
}

/** Whether `named` is there: as written, as a module without its extension, or a record by number. */
function exists(named: string): boolean {
  if (EXTENSIONS.some((extension) => fs.existsSync(path.join(root, named + extension)))) return true;
  const record = /^docs\/decisions\/([0-9]{4})$/.exec(named);
  return (
    record !== null &&
    fs.readdirSync(path.join(root, "docs/decisions")).some((name) => name.startsWith(`${record[1]}-`))
  );
}

/** Every named path that does not exist, as "file:line → path". */
function missingPaths(): string[] {
  const markdown = [...filesUnder(".", /\.md$/, { skip: SKIP })];
  const code = CODE_FOLDERS.flatMap((folder) => [...filesUnder(folder, CODE, { skip: SKIP })]);
  const missing: string[] = [];
  for (const file of [...markdown, ...code]) {
    const isMarkdown = file.endsWith(".md");
    read(file)
      .split("\n")
      .forEach((line, index) => {
        const text = isMarkdown ? line : commentOf(line);
        const mentions = [
          ...[...text.matchAll(REPO_PATH)]
            .filter((m) => !REMOVED.test(text.slice(m.index + m[0].length)))
            .map((m) => target(m[0], file, false)),
          ...(isMarkdown ? [...text.matchAll(MARKDOWN_LINK)].map((m) => target(m[1]!, file, true)) : []),
        ];
        for (const named of mentions) {
          if (named !== null && !exists(named)) {
            missing.push(`${file}:${index + 1} → ${named}`);
          }
        }
      });
  }
  return [...new Set(missing)];
}

describe("paths named in the docs and in comments", () => {
  it("exist in the repository", () => {
    expect(missingPaths()).toEqual([]);
  });
});

/** A path outside the checkout, such as one developer's scratch folder, which a clean clone in CI has not. */
const OUTSIDE_CHECKOUT = /["'`](?:\/work|\/home|\/Users)\//;

describe("paths the code writes to or reads from", () => {
  it("stay inside the checkout or the system's own folders", () => {
    const outside = CODE_FOLDERS.flatMap((folder) =>
      [...filesUnder(folder, CODE, { skip: SKIP })].filter((file) => OUTSIDE_CHECKOUT.test(read(file))),
    );
    expect(outside).toEqual([]);
  });
});
