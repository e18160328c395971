// The consent the white label's registration asks and its privacy policy's joint use (個人情報保護法
// 第27条第5項第3号) say the same thing: the items, who uses them, what for, and who is responsible.

import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "~/brand/brands";
import { partnerConsentTerms } from "~/domain/partner-consent";
import type { LegalBlock } from "~/legal/legal-text";
import { legalText } from "~/legal/legal-texts.server";

const wordsOf = (brand: typeof DEFAULT_BRAND) => JSON.stringify(legalText("privacy", brand).blocks);

function rowsOf(blocks: readonly LegalBlock[]): Map<string, string> {
  return new Map(blocks.flatMap((block) => (block.type === "table" ? block.rows : [])));
}

describe("the privacy policy's joint use names what the registration's consent asks", () => {
  it("the white label's policy gives the consent's data and purpose, the two users and the operator responsible", () => {
    const terms = partnerConsentTerms(WHITE_LABEL_BRAND.partnerName!);
    const rows = rowsOf(legalText("privacy", WHITE_LABEL_BRAND).blocks);
    expect(rows.get("共同して利用する個人データの項目")).toBe(terms.data);
    expect(rows.get("共同して利用する者の範囲")).toBe(`当社および${terms.recipient}`);
    expect(rows.get("利用する者の利用目的")).toContain(terms.purpose);
    expect(rows.get("個人データの管理について責任を有する者")).toContain(WHITE_LABEL_BRAND.operatorName);
  });
  it("a brand without a partner says nothing of one, nor of a joint use", () => {
    expect(wordsOf(DEFAULT_BRAND)).not.toContain("提携");
    expect(wordsOf(DEFAULT_BRAND)).not.toContain("共同");
  });
});
