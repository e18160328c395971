// The Remix internals the app relies on are named in two modules only (docs/ARCHITECTURE.md "Remix
// internals"): the rest of the app, server.ts and scripts/ import what they need from those.

import ts from "typescript";
import { describe, expect, it } from "vitest";
import { TYPESCRIPT, filesUnder, read } from "./source-tree";

const INTERNALS_MODULES = ["app/runtime/remix-internals.ts", "app/server/remix-internals.server.ts"];
const VIRTUAL_BUILD = "the server build's virtual module";
/** The compiler's entry imports the virtual build, which resolves there only (it throws elsewhere). */
const BUILD_ENTRY = "server.ts";

/** What names an internal in code, each with the internal it names. */
const INTERNALS: [RegExp, string][] = [
  [/(?<!\w)_data\b/, "the `_data` parameter of a data request"],
  [/x-remix-/i, "an X-Remix-* header"],
  [/__remix/, "a window.__remix* global"],
  [/\bUNSAFE_[A-Z][a-z]/, "an UNSAFE_ export"],
  [/@remix-run\/dev\/server-build/, VIRTUAL_BUILD],
  [/@remix-run\/router/, "the router package under Remix"],
  [/@remix-run\/[\w-]+\/dist\//, "a Remix package's own files"],
  [/\bcreateRequestHandler\b/, "the build's request handler"],
  [/\bServerBuild\b/, "the server build's type"],
  [/\b(?:installGlobals|broadcastDevReady)\b/, "Remix's Node set-up"],
  [/["'`]routes\//, "a route id (the compiler's naming)"],
];

/** `source` without its comments: a comment may speak of an internal, only code relies on one. */
export function codeOf(source: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, source);
  let code = "";
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const comment =
      token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia;
    code += comment ? " " : scanner.getTokenText();
  }
  return code;
}

/** Each internal `source`'s code names, as "line: what it is". */
export function internalsNamed(source: string): string[] {
  return codeOf(source)
    .split("\n")
    .flatMap((line, index) =>
      INTERNALS.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${index + 1}: ${what}`),
    );
}

describe("Remix internals", () => {
  it("are found in code, not in comments or in names that merely contain them", () => {
    const planted = [
      'url.searchParams.set("_data", id);',
      'headers.has("X-Remix-Catch");',
      "const router = window.__remixRouter;",
      'import { UNSAFE_RemixContext } from "@remix-run/react";',
      'import type { ServerBuild } from "@remix-run/node";',
      'const id = "routes/$";',
      'import { sendRemixResponse } from "@remix-run/express/dist/server.js";',
    ].join("\n");
    expect(internalsNamed(planted)).toHaveLength(7);
    expect(
      internalsNamed(
        '// a `?_data=` request\nconst consent = "partner_data_consent";\nconst UNSAFE_CHARACTERS = /x/;\n',
      ),
    ).toEqual([]);
  });

  it(`are named only in ${INTERNALS_MODULES.join(" and ")}`, () => {
    const files = [
      ...filesUnder("app", TYPESCRIPT),
      ...filesUnder("scripts", TYPESCRIPT),
      "server.ts",
    ].filter((file) => !INTERNALS_MODULES.includes(file));
    const named = files.flatMap((file) =>
      internalsNamed(read(file))
        .filter((line) => !(file === BUILD_ENTRY && line.endsWith(VIRTUAL_BUILD)))
        .map((line) => `${file}:${line}`),
    );
    expect(named).toEqual([]);
  });

  it("each internals module names internals (a module that names none has moved)", () => {
    for (const file of INTERNALS_MODULES) expect(internalsNamed(read(file))).not.toEqual([]);
  });
});
