// The reference upstream writes the return account of an account's own brand, from the app's brands:
// a mail's account is the one the contract page and the agreement show, never a copy kept apart.

import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../../app/brand/brands";
import { returnAccountLines } from "../../../app/domain/account-lines";
import { returnAccountFor } from "../../../reference-upstream/accounts/brand-links";
import { configFromEnvironment } from "../../../reference-upstream/config";

const config = configFromEnvironment({});

describe("returnAccountFor: the brand's return account, as the app states it", () => {
  it("each service gets its own brand's account, in full", () => {
    expect(returnAccountFor(config, "sakidori")).toBe(DEFAULT_BRAND.returnAccount);
    expect(returnAccountFor(config, "midori")).toBe(WHITE_LABEL_BRAND.returnAccount);
    expect(returnAccountLines(returnAccountFor(config, "midori"))[0]).toEqual({
      part: "bank",
      label: "銀行",
      value: "みどり銀行（0998）",
    });
  });

  it("a service the upstream does not serve gets the first service's, as its links do", () => {
    expect(returnAccountFor(config, "unknown")).toBe(DEFAULT_BRAND.returnAccount);
  });
});
