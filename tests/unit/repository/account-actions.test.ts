// An account form's action has one shape (app/forms/account-action.server.ts): no route writes its
// steps itself, and the upstream's refusal of one call is told apart in one place (whenRefused).

import { describe, expect, it } from "vitest";
import { TYPESCRIPT, sourcesUnder } from "./source-tree";

const REFUSAL_CHECK = /instanceof\s+UpstreamValidationError\b/g;

/** The shape's steps, written by hand: the refusal told apart or mapped, the honeypot read, a form limit. */
const STEPS_BY_HAND: Record<string, RegExp> = {
  "the upstream's refusal told apart": REFUSAL_CHECK,
  "its field errors mapped": /\bfieldErrorsFromUpstream\s*\(/g,
  "the honeypot read": /\.get\(\s*HONEYPOT_FIELD\s*\)/g,
  "a form's rate limit counted": /\blimitFormAttempt\s*\(/g,
};

export function stepsByHand(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    Object.entries(STEPS_BY_HAND).flatMap(([step, pattern]) =>
      [...source.matchAll(pattern)].map(() => `${file}: ${step}`),
    ),
  );
}

/** Where the refusal may be told apart: whenRefused, and where every kind of failure is sorted (error
 * screens, an upload's §8 message) rather than one call's answered. */
const REFUSAL_CHECKERS = [
  "app/upstream/errors.server.ts",
  "app/request/context.server.ts",
  "app/upstream/uploads.server.ts",
];

export function refusalChecks(files: { file: string; source: string }[]): Record<string, number> {
  return Object.fromEntries(
    files
      .map(({ file, source }) => [file, [...source.matchAll(REFUSAL_CHECK)].length] as const)
      .filter(([, count]) => count > 0),
  );
}

describe("the account form's one action shape", () => {
  it("finds each step a route would write by hand (a planted regression)", () => {
    const planted = {
      file: "app/routes/planted.tsx",
      source: [
        "if (formData.get(HONEYPOT_FIELD)) return redirect('/');",
        "const limit = await limitFormAttempt('x', email, clientAddress(request));",
        "} catch (error) {",
        "  if (error instanceof UpstreamValidationError) {",
        "    return formFailure(fieldErrorsFromUpstream(error, ['email']), submitted, 400);",
      ].join("\n"),
    };
    expect(stepsByHand([planted])).toEqual([
      "app/routes/planted.tsx: the upstream's refusal told apart",
      "app/routes/planted.tsx: its field errors mapped",
      "app/routes/planted.tsx: the honeypot read",
      "app/routes/planted.tsx: a form's rate limit counted",
    ]);
    expect(refusalChecks([planted])).toEqual({ "app/routes/planted.tsx": 1 });
  });

  it("no route writes a step of the shape itself", () => {
    expect(stepsByHand(sourcesUnder(TYPESCRIPT, "app/routes"))).toEqual([]);
  });

  it("the upstream's refusal is told apart once (whenRefused), besides the sorting of every failure", () => {
    const checks = refusalChecks(sourcesUnder(TYPESCRIPT, "app"));
    expect(Object.keys(checks).sort()).toEqual([...REFUSAL_CHECKERS].sort());
    expect(Object.values(checks)).toEqual(REFUSAL_CHECKERS.map(() => 1));
  });
});
