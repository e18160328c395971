// Decision 0023: a look-up past its limit says when to try again, in seconds or minutes as a person
// reads them, and that the field can be typed by hand; the fields tell the refusal from matches.

import { describe, expect, it } from "vitest";
import { isLookupRefusal, lookupLimitMessage, lookupRefusal } from "~/domain/lookup-limit";

describe("lookupLimitMessage", () => {
  it("says the wait in seconds under a minute, never 0 秒, and in minutes from a minute", () => {
    expect(lookupLimitMessage(59)).toBe(
      "検索回数が上限に達しました。59秒ほどたってから、もう一度お試しください。検索を使わずに、直接入力することもできます。",
    );
    expect(lookupLimitMessage(0.2)).toContain("1秒ほど");
    expect(lookupLimitMessage(60)).toContain("1分ほど");
    expect(lookupLimitMessage(61)).toContain("2分ほど");
  });
});

describe("isLookupRefusal", () => {
  it("is true for a refusal, false for matches, a postcode answer or nothing", () => {
    expect(isLookupRefusal(lookupRefusal(30))).toBe(true);
    expect(lookupRefusal(30)).toMatchObject({ retryAfterSeconds: 30, message: lookupLimitMessage(30) });
    expect(isLookupRefusal([])).toBe(false);
    expect(isLookupRefusal({ found: false, problem: "notFound", message: "…" })).toBe(false);
    expect(isLookupRefusal(null)).toBe(false);
    expect(isLookupRefusal(undefined)).toBe(false);
  });
});
