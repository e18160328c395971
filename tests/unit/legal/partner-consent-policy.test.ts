// The consent the white label's registration asks and its privacy policy's article 3 say the same thing.

import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "~/brand/brands";
import { partnerConsentTerms } from "~/domain/partner-consent";
import { legalText } from "~/legal/legal-texts.server";

const wordsOf = (brand: typeof DEFAULT_BRAND) => JSON.stringify(legalText("privacy", brand).blocks);

describe("the privacy policy names the partner consent's data and purpose as the registration asks them", () => {
  it("the white label's policy gives the same data and purpose as its registration's consent", () => {
    const terms = partnerConsentTerms(WHITE_LABEL_BRAND.partnerName!);
    const policy = wordsOf(WHITE_LABEL_BRAND);
    expect(policy).toContain(
      `会員登録の際に会員の同意を得たうえで、${terms.data}を、${terms.purpose}、同社に提供します。`,
    );
  });
  it("a brand without a partner says nothing of one", () => {
    expect(wordsOf(DEFAULT_BRAND)).not.toContain("提携");
  });
});
