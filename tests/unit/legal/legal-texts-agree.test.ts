// The shipped legal texts say the same as the agreement about the money and the dates, and give the
// contact wherever they send the reader to one.

import { describe, expect, it } from "vitest";
import { BRANDS } from "~/brand/brands";
import { type LegalBlock, type LegalText, fillLegalText } from "~/legal/legal-text";
import {
  LEGAL_DOCUMENTS,
  type LegalDocumentId,
  brandValues,
  readLegalTexts,
} from "~/legal/legal-texts.server";
import { readConfig } from "~/settings/config.server";

const texts = readLegalTexts(readConfig({}).legalContentDir);
const IDS = Object.keys(LEGAL_DOCUMENTS) as LegalDocumentId[];

function render(id: LegalDocumentId, brand: (typeof BRANDS)[number]): LegalText {
  const values = Object.fromEntries(LEGAL_DOCUMENTS[id].map((name) => [name, `〈${name}〉`]));
  return fillLegalText(texts[id], { ...values, ...brandValues(brand) });
}

const blockText = (block: LegalBlock): string =>
  block.type === "list"
    ? block.items.map((item) => [item.text, ...(item.items ?? [])].join("")).join("")
    : block.type === "table"
      ? block.rows.map((row) => row.join("：")).join("")
      : block.text;

/** The lead, then each ## section, as one string each. */
function sections(text: LegalText): string[] {
  const found = [""];
  for (const block of text.blocks) {
    if (block.type === "heading" && block.level === 2) found.push("");
    found[found.length - 1] += blockText(block);
  }
  return found;
}

const plain = (id: LegalDocumentId) => sections(render(id, BRANDS[0]!)).join("");

describe("the legal texts and the agreement say the same", () => {
  it("the price is paid by the next bank business day after the contract: the terms and the 特商法 notice say so; none leaves the day to the contract", () => {
    expect(plain("agreement")).toContain("本契約の成立日の翌営業日");
    expect(plain("terms")).toContain("債権譲渡契約の成立日の翌営業日");
    expect(plain("sct")).toContain("契約成立日の翌営業日");
    for (const id of IDS) expect(plain(id), id).not.toMatch(/(?:契約書|同契約|契約)に定める日/);
  });

  it("a return due on a bank holiday is due the next business day, never the one before", () => {
    expect(plain("agreement")).toMatch(/銀行の休業日にあたるときは、その翌営業日を返金期日とし/);
    expect(plain("terms")).toMatch(/銀行の休業日にあたるときは翌営業日/);
    expect(plain("sct")).toMatch(/銀行の休業日にあたるときは翌営業日/);
    for (const id of IDS) expect(plain(id), id).not.toMatch(/前営業日まで/);
  });

  it("the 掛目 is said: the terms define 返金額, 掛目, 買取額, 買取代金 and ご負担額; the 特商法 notice names them", () => {
    for (const term of ["返金額", "掛目", "買取額", "買取代金", "ご負担額"]) {
      expect(plain("terms"), term).toContain(`「${term}」とは`);
    }
    expect(plain("terms")).not.toContain("売掛債権の額から買取手数料その他契約で定める費用を差し引いたもの");
    for (const term of ["返金額", "掛目", "買取額", "お受け取り額", "ご負担額", "掛目による差額"]) {
      expect(plain("sct"), term).toContain(term);
    }
  });
});

const rowsOf = (text: LegalText) =>
  new Map(text.blocks.flatMap((block) => (block.type === "table" ? block.rows : [])));

describe("the privacy policy names the operator as the 特商法 notice does", () => {
  it("個人情報保護法第32条: its name, address and representative, every address in it the notice's", () => {
    for (const brand of BRANDS) {
      const notice = rowsOf(render("sct", brand));
      const privacy = render("privacy", brand);
      const rows = rowsOf(privacy);
      expect(rows.get("事業者の名称"), brand.id).toBe(notice.get("事業者名"));
      expect(rows.get("所在地"), brand.id).toBe(notice.get("所在地"));
      expect(rows.get("代表者"), brand.id).toBe(notice.get("運営責任者"));
      const lines = privacy.blocks.flatMap((block) =>
        block.type === "table" ? block.rows.map(([, value]) => value) : [blockText(block)],
      );
      const addresses = lines.flatMap((line) => line.match(/〒\d{3}-\d{4} [^、）]+/g) ?? []);
      expect(new Set(addresses), brand.id).toEqual(new Set([notice.get("所在地")]));
    }
  });
});

describe("wherever a text sends the reader to お問い合わせ, the contact is given there", () => {
  it("each section naming お問い合わせ gives the brand's address; one naming お問い合わせ窓口 also its name", () => {
    for (const brand of BRANDS) {
      for (const id of IDS) {
        for (const section of sections(render(id, brand))) {
          if (!section.includes("お問い合わせ")) continue;
          expect(section, `${brand.id} ${id}: ${section.slice(0, 40)}…`).toContain(brand.supportEmail);
          if (section.includes("お問い合わせ窓口") && !section.includes("個人情報お問い合わせ窓口"))
            expect(section, `${brand.id} ${id}: ${section.slice(0, 40)}…`).toContain(brand.contactDesk);
        }
      }
    }
  });

  it("the terms, the agreement and the 特商法 notice name the brand's desk", () => {
    for (const brand of BRANDS) {
      for (const id of ["terms", "agreement", "sct"] as const) {
        expect(sections(render(id, brand)).join(""), `${brand.id} ${id}`).toContain(brand.contactDesk);
      }
    }
  });
});
