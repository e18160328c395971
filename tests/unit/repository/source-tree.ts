// The repository as its own tests read it: the root, the files below a folder, and their text. What a
// test reads, skips or allows stays in the test.

import fs from "node:fs";
import path from "node:path";

/** The checkout's root folder. */
export const root = path.resolve(import.meta.dirname, "../../..");

export type SourceFile = { file: string; source: string };

/**
 * The files at or below `entry` (a path from `base`, the root unless given) whose path matches `name`,
 * as paths from `base`. An entry named in `skip` is passed over at any depth.
 */
export function* filesUnder(
  entry: string,
  name: RegExp,
  { skip = new Set<string>(), base = root }: { skip?: ReadonlySet<string>; base?: string } = {},
): Generator<string> {
  const full = path.join(base, entry);
  if (!fs.statSync(full).isDirectory()) {
    if (name.test(entry)) yield entry;
    return;
  }
  for (const child of fs.readdirSync(full)) {
    if (!skip.has(child)) yield* filesUnder(path.join(entry, child), name, { skip, base });
  }
}

/** The text of `file`, a path from the root. */
export const read = (file: string): string => fs.readFileSync(path.join(root, file), "utf8");

/** Each file below the `folders` whose path matches `name`, with its text. */
export const sourcesUnder = (name: RegExp, ...folders: string[]): SourceFile[] =>
  folders.flatMap((folder) => [...filesUnder(folder, name)].map((file) => ({ file, source: read(file) })));

/** TypeScript modules, with or without JSX. */
export const TYPESCRIPT = /\.tsx?$/;
