import { describe, expect, it } from "vitest";
import { PartnerConsentMessage, partnerConsentTerms } from "~/domain/partner-consent";

describe("個人情報保護法 第27条: the partner bank is given personal data only with consent naming recipient, data and purpose", () => {
  const terms = partnerConsentTerms("株式会社みどり銀行");
  it("names the recipient, the data and the purpose", () => {
    expect(terms.recipient).toBe("株式会社みどり銀行");
    expect(terms.data).toContain("お申込みの有無と状況");
    expect(terms.purpose).toContain("株式会社みどり銀行が");
    expect(terms.label).toBe("上記の情報を株式会社みどり銀行に提供することに同意します");
  });
  it("says what happens when it is not given", () => {
    expect(PartnerConsentMessage.required).toContain("同意する場合はチェックを入れてください");
  });
});
