// The operator's legal texts parsed into blocks, so a file never injects HTML; the format is in
// docs/decisions/0019-legal-texts-are-the-operators-files.md.

export type LegalListStyle = "clauses" | "items" | "bullets";

export interface LegalListItem {
  text: string;
  items?: string[];
}

export type LegalBlock =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; style: LegalListStyle; items: LegalListItem[] }
  | { type: "table"; rows: [string, string][] };

export interface LegalText {
  title: string;
  blocks: LegalBlock[];
}

/** Names the file and line, so an operator can mend it. */
export class LegalTextError extends Error {}

const LIST_MARKERS: [RegExp, LegalListStyle][] = [
  [/^\d+\.\s+(.*)$/, "clauses"],
  [/^\(\d+\)\s+(.*)$/, "items"],
  [/^-\s+(.*)$/, "bullets"],
];

function listItemOf(line: string): { style: LegalListStyle; text: string } | null {
  for (const [pattern, style] of LIST_MARKERS) {
    const match = pattern.exec(line);
    if (match) return { style, text: match[1]!.trim() };
  }
  return null;
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** `[words](target)`: a link in a line of text. */
export const LINK_MARKUP = /\[([^\]]+)\]\(([^)\s]*)\)/;
/**
 * Where a legal text may link: a path of this site (one leading slash; never `//`, nor a backslash,
 * which browsers read as a slash, so `/\\x` and `///x` would open another site) or a mailto: address.
 */
export const LINK_TARGET = /^(\/(?![/\\])[^\s\\]*|mailto:[^\s@]+@[^\s@]+)$/;

// Articles are numbered from their order, never typed, so a reference cannot go stale: a heading
// `## {article:key}（題名）` reads 第N条（題名）, and `{ref:key}` reads 第N条, `{ref:key:2}` 第N条第2項.
const ARTICLE_HEADING = /^##\s+\{article:([a-z][a-z0-9-]*)\}/;
const ARTICLE_MARK = /\{(article|ref):([^}]*)\}/g;
const REFERENCE = /^([a-z][a-z0-9-]*)(?::([1-9]\d*))?$/;

interface Article {
  number: number;
  /** How many numbered paragraphs (項) it has; 0 when it is one paragraph. */
  clauses: number;
}

/** The articles by key, in the order they come; a key given twice is refused. */
function articlesOf(lines: readonly string[], fail: (line: number, message: string) => never) {
  const articles = new Map<string, Article>();
  let current: Article | null = null;
  lines.forEach((raw, index) => {
    const heading = ARTICLE_HEADING.exec(raw.trim());
    if (heading) {
      if (articles.has(heading[1]!)) fail(index + 1, `the article {article:${heading[1]}} comes twice`);
      current = { number: articles.size + 1, clauses: 0 };
      articles.set(heading[1]!, current);
    } else if (/^#{1,2}\s/.test(raw)) current = null;
    else if (current && /^\d+\.\s/.test(raw)) current.clauses += 1;
  });
  return articles;
}

/** The line with its article marks replaced by the numbers they stand for. */
function numberArticles(
  raw: string,
  number: number,
  articles: ReadonlyMap<string, Article>,
  fail: (line: number, message: string) => never,
): string {
  return raw.replace(ARTICLE_MARK, (mark, kind: string, body: string, offset: number) => {
    if (kind === "article") {
      if (!/^[a-z][a-z0-9-]*$/.test(body))
        fail(number, `${mark}: a key is lower-case letters, digits and -, e.g. {article:antisocial-forces}`);
      if (!(offset === raw.indexOf("{") && ARTICLE_HEADING.test(raw.trim())))
        fail(number, `${mark}: an article key opens a ## heading: ## {article:key}（題名）`);
      return `第${articles.get(body)!.number}条`;
    }
    const reference = REFERENCE.exec(body);
    if (!reference) return fail(number, `${mark}: a reference is {ref:key} or {ref:key:2} (第2項)`);
    const article = articles.get(reference[1]!);
    if (!article) {
      return fail(
        number,
        `${mark}: no article {article:${reference[1]}} (the articles: ${[...articles.keys()].join(", ")})`,
      );
    }
    const clause = reference[2] ? Number(reference[2]) : null;
    if (clause !== null && clause > article.clauses) {
      fail(number, `${mark}: 第${article.number}条 has ${article.clauses || "no numbered"} paragraphs`);
    }
    return clause === null ? `第${article.number}条` : `第${article.number}条第${clause}項`;
  });
}

export function parseLegalText(source: string, file: string, allowed: readonly string[]): LegalText {
  const fail = (line: number, message: string): never => {
    throw new LegalTextError(`${file}:${line}: ${message}`);
  };
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const articles = articlesOf(lines, fail);
  let title: string | null = null;
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", text: paragraph.join("") });
    paragraph = [];
  };
  lines.forEach((written, index) => {
    const number = index + 1;
    const raw = numberArticles(written, number, articles, fail);
    for (const match of raw.matchAll(PLACEHOLDER)) {
      if (!allowed.includes(match[1]!)) {
        fail(number, `unknown placeholder {${match[1]}} (this page fills: ${allowed.join(", ")})`);
      }
    }
    if (/<[a-zA-Z/!]/.test(raw)) fail(number, "HTML is not allowed; write plain text");
    for (const link of raw.matchAll(new RegExp(LINK_MARKUP, "g"))) {
      if (!LINK_TARGET.test(link[2]!)) {
        fail(
          number,
          `the link ${link[0]} could leave the site; write a path of this site (/terms) or mailto:`,
        );
      }
    }
    const indented = /^\s+\S/.test(raw);
    const line = raw.trim();
    if (line === "") return endParagraph();
    if (line.startsWith("# ")) {
      endParagraph();
      if (title !== null || blocks.length > 0) fail(number, "the title (# …) comes once, on the first line");
      title = line.slice(2).trim();
      return;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    if (heading) {
      endParagraph();
      blocks.push({ type: "heading", level: heading[1]!.length as 2 | 3, text: heading[2]!.trim() });
      return;
    }
    if (line.startsWith("#")) fail(number, "headings are # (title), ## or ###");
    if (line.startsWith("|")) {
      endParagraph();
      const cells = line
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim());
      if (cells.length !== 2 || !cells[0] || !cells[1]) fail(number, "a table row is | label | value |");
      const last = blocks.at(-1);
      if (last?.type === "table") last.rows.push([cells[0]!, cells[1]!]);
      else blocks.push({ type: "table", rows: [[cells[0]!, cells[1]!]] });
      return;
    }
    const item = listItemOf(line);
    if (item) {
      endParagraph();
      const last = blocks.at(-1);
      if (indented) {
        const parent = last?.type === "list" ? last.items.at(-1) : undefined;
        if (!parent || item.style !== "items")
          fail(number, "an indented line is a (1) item under a 1. paragraph");
        (parent!.items ??= []).push(item.text);
      } else if (last?.type === "list" && last.style === item.style) {
        last.items.push({ text: item.text });
      } else {
        blocks.push({ type: "list", style: item.style, items: [{ text: item.text }] });
      }
      return;
    }
    paragraph.push(line);
  });
  endParagraph();
  if (title === null) return fail(1, "the first line is the title: # タイトル");
  if (blocks.length === 0) fail(lines.length, "the text has no body");
  return { title, blocks };
}

type Values = Readonly<Record<string, string | null>>;

function fill(text: string, values: Values): string | null {
  let missing = false;
  const filled = text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === null || value === undefined || value === "") missing = true;
    return value ?? "";
  });
  return missing ? null : filled;
}

const present = <T>(value: T | null): value is T => value !== null;

/** The blocks without each section whose heading names a value missing (a partner's section, no partner). */
function withoutUnfilledSections(blocks: readonly LegalBlock[], values: Values): LegalBlock[] {
  const kept: LegalBlock[] = [];
  let skippingBelow: number | null = null;
  for (const block of blocks) {
    if (block.type === "heading") {
      if (skippingBelow !== null && block.level <= skippingBelow) skippingBelow = null;
      if (skippingBelow === null && fill(block.text, values) === null) skippingBelow = block.level;
    }
    if (skippingBelow === null) kept.push(block);
  }
  return kept;
}

export function fillLegalText(text: LegalText, values: Values): LegalText {
  const blocks = withoutUnfilledSections(text.blocks, values)
    .map((block): LegalBlock | null => {
      switch (block.type) {
        case "heading":
        case "paragraph": {
          const filled = fill(block.text, values);
          return filled === null ? null : { ...block, text: filled };
        }
        case "list": {
          const items = block.items
            .map((item): LegalListItem | null => {
              const filled = fill(item.text, values);
              if (filled === null) return null;
              return item.items
                ? { text: filled, items: item.items.map((sub) => fill(sub, values)).filter(present) }
                : { text: filled };
            })
            .filter(present);
          return items.length > 0 ? { ...block, items } : null;
        }
        case "table": {
          const rows = block.rows
            .map(([label, value]): [string, string] | null => {
              const filled = fill(value, values);
              return filled === null ? null : [label, filled];
            })
            .filter(present);
          return rows.length > 0 ? { type: "table", rows } : null;
        }
      }
    })
    .filter(present);
  return { title: fill(text.title, values) ?? text.title, blocks };
}
