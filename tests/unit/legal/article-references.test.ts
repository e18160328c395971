// Every 「第N条」「第N条第M項」「次条」「前条」 a person reads in the shipped agreement and terms lands on
// the article it means: the words after the reference name that article's title or that clause.

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRANDS } from "~/brand/brands";
import { type LegalText, fillLegalText } from "~/legal/legal-text";
import { LEGAL_DOCUMENTS, brandValues, readLegalTexts } from "~/legal/legal-texts.server";
import { readConfig } from "~/settings/config.server";

/** What a reference is followed by → a word the article's title (or the clause named) must contain. */
const MEANT: readonly [RegExp, string][] = [
  [/^に定める反社会的勢力/, "反社会的勢力"],
  [/^に定める会員登録/, "会員登録"],
  [/^の表明および保証/, "表明および保証"],
  [/^の引渡し/, "引き渡します"],
  [/^に定めるとおり、売掛先から支払を受けた返金額/, "引き渡します"],
];

interface Article {
  number: number;
  title: string;
  clauses: string[];
}

/** Each sentence of the rendered text with the article it sits in (0 before the first). */
function readText(text: LegalText) {
  const articles: Article[] = [];
  const lines: { article: number; text: string }[] = [];
  for (const block of text.blocks) {
    if (block.type === "heading" && block.level === 2) {
      const heading = /^第(\d+)条（(.+)）$/.exec(block.text);
      if (heading) articles.push({ number: Number(heading[1]), title: heading[2]!, clauses: [] });
      continue;
    }
    const article = articles.at(-1);
    const texts =
      block.type === "paragraph"
        ? [block.text]
        : block.type === "list"
          ? block.items.flatMap((item) => [item.text, ...(item.items ?? [])])
          : block.type === "table"
            ? block.rows.map(([, value]) => value)
            : [block.text];
    if (article && block.type === "list" && block.style === "clauses") {
      article.clauses.push(...block.items.map((item) => [item.text, ...(item.items ?? [])].join("")));
    }
    for (const line of texts) lines.push({ article: article?.number ?? 0, text: line });
  }
  return { articles, lines };
}

// Not a law's article (民法第548条の4, 個人情報保護法第27条第5項): those follow the law's name.
const REFERENCE = /(?<![法令])第(\d+)条(?:第(\d+)項)?|次条|前条/g;

function references(text: LegalText) {
  const { articles, lines } = readText(text);
  return lines.flatMap((line) =>
    [...line.text.matchAll(REFERENCE)].map((match) => {
      const number =
        match[0] === "次条" ? line.article + 1 : match[0] === "前条" ? line.article - 1 : Number(match[1]);
      return {
        quoted: line.text.slice(Math.max(0, match.index - 12), match.index + match[0].length + 12),
        target: articles.find((article) => article.number === number),
        clause: match[2] ? Number(match[2]) : null,
        after: line.text.slice(match.index + match[0].length),
      };
    }),
  );
}

const texts = readLegalTexts(readConfig({}).legalContentDir);

describe("the references between articles land on the article they mean", () => {
  for (const id of ["agreement", "terms"] as const) {
    it(`${id}: every 第N条, 第N条第M項, 次条 and 前条 names an article whose title (or clause) is what the sentence says`, () => {
      for (const brand of BRANDS) {
        // Every placeholder filled, so no sentence is left out.
        const values = Object.fromEntries(LEGAL_DOCUMENTS[id].map((name) => [name, `〈${name}〉`]));
        const rendered = fillLegalText(texts[id], { ...values, ...brandValues(brand) });
        const found = references(rendered);
        if (id === "agreement") expect(found.length, "the agreement cites its articles").toBeGreaterThan(3);
        for (const reference of found) {
          const meant = MEANT.find(([after]) => after.test(reference.after));
          expect(meant, `${id}: 「${reference.quoted}」: say in MEANT what it refers to`).toBeDefined();
          expect(reference.target, `${id}: 「${reference.quoted}」 names no article`).toBeDefined();
          const where = reference.clause
            ? reference.target!.clauses[reference.clause - 1]
            : reference.target!.title;
          expect(
            where,
            `${id}: 「${reference.quoted}」 lands on 第${reference.target!.number}条（${reference.target!.title}）`,
          ).toContain(meant![1]);
        }
      }
    });
  }
});

describe("the shipped files name articles by key, never by a typed number", () => {
  for (const id of ["agreement", "terms"] as const) {
    it(`${id}.md: no typed 第N条, 次条 or 前条 (a law's article excepted); every ## heading is an {article:key}`, () => {
      const source = fs.readFileSync(path.join(readConfig({}).legalContentDir, `${id}.md`), "utf8");
      expect(source.match(/(?<![法令])第\d+条|次条|前条/g)).toBeNull();
      for (const heading of source.match(/^## .*$/gm) ?? []) expect(heading).toMatch(/^## \{article:/);
    });
  }
});
