import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRANDS } from "~/brand/brands";
import { LegalTextError, fillLegalText, parseLegalText } from "~/legal/legal-text";
import { LEGAL_DOCUMENTS, brandValues, readLegalTexts } from "~/legal/legal-texts.server";
import { readConfig } from "~/settings/config.server";

const ALLOWED = ["serviceName", "partnerName"];

describe("the legal text format (decision 0019)", () => {
  it("a title, a lead, sections with numbered paragraphs, their items, bullets and a table", () => {
    const text = parseLegalText(
      [
        "# 利用規約",
        "",
        "「{serviceName}」の",
        "利用条件です。",
        "",
        "## 第1条（目的）",
        "",
        "1. 一つめの項",
        "   (1) その号",
        "2. 二つめの項",
        "",
        "- 箇条",
        "",
        "| 事業者名 | 当社 |",
        "| 所在地 | 東京都 |",
      ].join("\n"),
      "terms.md",
      ALLOWED,
    );
    expect(text).toEqual({
      title: "利用規約",
      blocks: [
        { type: "paragraph", text: "「{serviceName}」の利用条件です。" },
        { type: "heading", level: 2, text: "第1条（目的）" },
        {
          type: "list",
          style: "clauses",
          items: [{ text: "一つめの項", items: ["その号"] }, { text: "二つめの項" }],
        },
        { type: "list", style: "bullets", items: [{ text: "箇条" }] },
        {
          type: "table",
          rows: [
            ["事業者名", "当社"],
            ["所在地", "東京都"],
          ],
        },
      ],
    });
  });

  it("a file that breaks the format is refused with its name and line, never shown half", () => {
    const parse = (source: string) => () => parseLegalText(source, "sct.md", ALLOWED);
    expect(parse("本文だけ")).toThrow(LegalTextError);
    expect(parse("本文だけ")).toThrow("sct.md:1: the first line is the title");
    expect(parse("# 表記\n\n{operatorPhone}")).toThrow("sct.md:3: unknown placeholder {operatorPhone}");
    expect(parse("# 表記\n\n<script>alert(1)</script>")).toThrow("sct.md:3: HTML is not allowed");
    expect(parse("# 表記\n\n| 一つだけ |")).toThrow("sct.md:3: a table row is | label | value |");
    expect(parse("# 表記\n\n   (1) 親のない号")).toThrow("sct.md:3: an indented line");
    expect(parse("# 表記")).toThrow("the text has no body");
  });

  it("a link is a path of this site or mailto:; one that could leave the site is refused with its line", () => {
    const parse = (link: string) => () =>
      parseLegalText(`# 表記\n\n詳しくは${link}をご覧ください。`, "sct.md", ALLOWED);
    for (const link of [
      "[x](//evil.example)",
      "[x](/\\evil.example)",
      "[x](///evil.example)",
      "[x](https://evil.example)",
      "[x](javascript:alert(1))",
      "[x](evil.example)",
      "[x](/a\\b)",
    ]) {
      expect(parse(link), link).toThrow(/^sct\.md:3: the link .* could leave the site/);
    }
    for (const link of [
      "[利用規約](/terms)",
      "[個人情報](/policy/privacy#contact)",
      "[窓口](mailto:support@example.jp)",
    ]) {
      expect(parse(link), link).not.toThrow();
    }
  });

  it("placeholders are filled; a block whose value is missing (no partner) is left out", () => {
    const text = parseLegalText(
      "# 規約\n\n「{serviceName}」です。\n\n本サービスは{partnerName}との提携です。\n\n| 提携先 | {partnerName} |\n| 運営 | 当社 |",
      "terms.md",
      ALLOWED,
    );
    expect(fillLegalText(text, { serviceName: "サキドリ", partnerName: null }).blocks).toEqual([
      { type: "paragraph", text: "「サキドリ」です。" },
      { type: "table", rows: [["運営", "当社"]] },
    ]);
    expect(
      fillLegalText(text, { serviceName: "みどり", partnerName: "株式会社みどり銀行" }).blocks,
    ).toHaveLength(3);
  });

  it("a heading whose value is missing leaves out its section, up to the next heading of its level or above", () => {
    const text = parseLegalText(
      [
        "# 方針",
        "## 1. 提供",
        "当社は提供しません。",
        "### {partnerName}との共同利用",
        "当社が管理します。",
        "| 範囲 | 当社 |",
        "### 委託",
        "委託します。",
        "## 2. 窓口",
        "当社の窓口です。",
      ].join("\n"),
      "privacy.md",
      ALLOWED,
    );
    const headings = (partnerName: string | null) =>
      fillLegalText(text, { serviceName: "サキドリ", partnerName }).blocks.flatMap((block) =>
        block.type === "heading" ? [block.text] : block.type === "paragraph" ? [block.text] : [],
      );
    expect(headings(null)).toEqual([
      "1. 提供",
      "当社は提供しません。",
      "委託",
      "委託します。",
      "2. 窓口",
      "当社の窓口です。",
    ]);
    expect(headings("株式会社みどり銀行")).toContain("当社が管理します。");
    expect(headings("株式会社みどり銀行")).toContain("株式会社みどり銀行との共同利用");
  });
});

describe("the texts shipped in content/legal", () => {
  const texts = readLegalTexts(readConfig({}).legalContentDir);

  it("every page has its file, and each brand reads a complete text: no blank, no ○, no ひな形, nothing unfilled", () => {
    expect(Object.keys(texts).sort()).toEqual(Object.keys(LEGAL_DOCUMENTS).sort());
    for (const brand of BRANDS) {
      for (const [id, text] of Object.entries(texts)) {
        const entry = {
          seller: "株式会社テスト",
          buyer: brand.operatorName,
          code: "E000001",
          totalPurchaseAmount: "900,000円",
          totalFee: "45,000円",
          totalBankCharge: "660円",
          totalReceived: "854,340円",
          totalRepayment: "1,000,000円",
          totalMarginPart: "100,000円",
          totalCost: "145,660円",
          payoutDate: "2027年1月4日（月）",
          returnAccount: "サキドリ銀行 本店営業部 普通 1234567",
        };
        const shown = JSON.stringify(fillLegalText(text, { ...brandValues(brand), ...entry }));
        for (const mark of ["ひな形", "000-0000", "00-0000-0000", "○", "記入してください"]) {
          expect(shown, `${brand.id} ${id}: ${mark}`).not.toContain(mark);
        }
        expect(shown, `${brand.id} ${id}`).not.toMatch(/\{[A-Za-z]+\}/);
      }
    }
  });
});

describe("an operator's folder (LEGAL_CONTENT_DIR)", () => {
  it("replaces the shipped texts; a folder missing one is refused by name", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legal-"));
    try {
      for (const id of Object.keys(LEGAL_DOCUMENTS)) {
        fs.copyFileSync(path.join("content/legal", `${id}.md`), path.join(dir, `${id}.md`));
      }
      fs.writeFileSync(path.join(dir, "terms.md"), "# 利用規約\n\n運営者が差し替えた規約です。\n");
      expect(readConfig({ LEGAL_CONTENT_DIR: dir }).legalContentDir).toBe(dir);
      expect(readLegalTexts(dir).terms.blocks).toEqual([
        { type: "paragraph", text: "運営者が差し替えた規約です。" },
      ]);
      fs.rmSync(path.join(dir, "sct.md"));
      expect(() => readLegalTexts(dir)).toThrow(/sct\.md: missing/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("articles numbered from their order, and the references to them (decision 0019)", () => {
  const parse = (source: string) => parseLegalText(source, "agreement.md", ALLOWED);
  const AGREEMENT = [
    "# 契約書",
    "",
    "## {article:assignment}（債権の譲渡）",
    "",
    "甲は、{ref:antisocial}に定める反社会的勢力に該当しません。",
    "",
    "## {article:collection}（回収）",
    "",
    "1. 甲は回収します。",
    "2. 甲は引き渡します。",
    "",
    "## {article:antisocial}（反社会的勢力の排除）",
    "",
    "(1) {ref:collection:2}の引渡しを怠ったとき",
  ].join("\n");

  it("each ## {article:key} heading reads 第N条 in its order; {ref:key} 第N条, {ref:key:M} 第N条第M項, before or after it", () => {
    expect(parse(AGREEMENT).blocks).toEqual([
      { type: "heading", level: 2, text: "第1条（債権の譲渡）" },
      { type: "paragraph", text: "甲は、第3条に定める反社会的勢力に該当しません。" },
      { type: "heading", level: 2, text: "第2条（回収）" },
      {
        type: "list",
        style: "clauses",
        items: [{ text: "甲は回収します。" }, { text: "甲は引き渡します。" }],
      },
      { type: "heading", level: 2, text: "第3条（反社会的勢力の排除）" },
      { type: "list", style: "items", items: [{ text: "第2条第2項の引渡しを怠ったとき" }] },
    ]);
  });

  it("an article inserted renumbers the ones after it and every reference to them", () => {
    const inserted = AGREEMENT.replace(
      "## {article:antisocial}",
      "## {article:delay}（遅延の連絡）\n\n甲は連絡します。\n\n## {article:antisocial}",
    );
    const text = JSON.stringify(parse(inserted).blocks);
    expect(text).toContain("第4条（反社会的勢力の排除）");
    expect(text).toContain("甲は、第4条に定める反社会的勢力に該当しません。");
    expect(text).toContain("第2条第2項の引渡し");
  });

  it("an unknown key, a paragraph an article lacks, a key given twice or out of a heading is refused with file and line", () => {
    const refused = (from: string, to: string) => () => parse(AGREEMENT.replace(from, to));
    expect(refused("{ref:antisocial}", "{ref:antisocail}")).toThrow(LegalTextError);
    expect(refused("{ref:antisocial}", "{ref:antisocail}")).toThrow(
      "agreement.md:5: {ref:antisocail}: no article {article:antisocail} (the articles: assignment, collection, antisocial)",
    );
    expect(refused("{ref:collection:2}", "{ref:collection:3}")).toThrow(
      "agreement.md:14: {ref:collection:3}: 第2条 has 2 paragraphs",
    );
    expect(refused("{ref:collection:2}", "{ref:assignment:1}")).toThrow(
      "agreement.md:14: {ref:assignment:1}: 第1条 has no numbered paragraphs",
    );
    expect(refused("{ref:collection:2}", "{ref:collection:二}")).toThrow(
      "agreement.md:14: {ref:collection:二}: a reference is {ref:key} or {ref:key:2}",
    );
    expect(refused("{article:collection}", "{article:assignment}")).toThrow(
      "agreement.md:7: the article {article:assignment} comes twice",
    );
    expect(refused("甲は回収します。", "{article:collection}を読む")).toThrow(
      "agreement.md:9: {article:collection}: an article key opens a ## heading",
    );
    expect(refused("{article:collection}", "{article:Collection}")).toThrow(
      "agreement.md:7: {article:Collection}: a key is lower-case letters",
    );
  });
});
