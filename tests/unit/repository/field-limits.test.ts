// A field's limits are declared once, in its table in app/domain (docs/decisions/0030-a-field-declared-once.md):
// outside app/domain no schema or input types a length of its own.

import { describe, expect, it } from "vitest";
import { TYPESCRIPT, sourcesUnder } from "./source-tree";

// `.max(N)`, `.min(N)` from 2 (`.min(1)` says "not blank"), `.length(N)` in zod; `maxLength={N}`,
// `minLength={N}` in JSX; `maxLength: N` in an object of attributes or limits.
const LITERAL_LIMIT =
  /\.max\(\s*[0-9]|\.min\(\s*([2-9]|[0-9]{2})|\.length\(\s*[0-9]|(max|min)Length=\{\s*[0-9]|(max|min)Length:\s*[0-9]/;

/** The lines of `source` that type a limit as a number (Math.max and Redis's math.max are sums). */
export function literalLimits(file: string, source: string): string[] {
  return source
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => LITERAL_LIMIT.test(line) && !/\b[Mm]ath\.(max|min)\(/.test(line))
    .map(({ line, number }) => `${file}:${number}: ${line.trim()}`);
}

function limitsOutsideDomain(): string[] {
  return sourcesUnder(TYPESCRIPT, "app")
    .filter(({ file }) => !file.startsWith("app/domain/"))
    .flatMap(({ file, source }) => literalLimits(file, source));
}

describe("limits typed as literals outside app/domain", () => {
  it("are none: schemas and inputs read them from the field tables", () => {
    expect(limitsOutsideDomain()).toEqual([]);
  });

  it("a limit planted in a schema or an input is found", () => {
    const planted = [
      `const name = z.string().max(150, "150文字以内で入力してください。");`,
      `const code = z.string().min(8);`,
      `const zipcode = z.string().length(7);`,
      `<TextField name="phone" maxLength={20} />`,
      `<input minLength={8} />`,
      `const limits = { required: true, maxLength: 255 };`,
    ];
    for (const line of planted) expect(literalLimits("planted.tsx", line), line).toHaveLength(1);
  });

  it("lets through what is not a field's limit", () => {
    const allowed = [
      `const blank = z.string().min(1, ValidationMessage.blank);`,
      `const last = Math.max(0, index - 1);`,
      `<TextField maxLength={PROFILE_FIELDS.last_name.limits.maxLength} />`,
      `<TextField {...constraintsOf(PROFILE_FIELDS.last_name)} />`,
    ];
    for (const line of allowed) expect(literalLimits("allowed.tsx", line), line).toEqual([]);
  });
});
