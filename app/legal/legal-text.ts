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

export function parseLegalText(source: string, file: string, allowed: readonly string[]): LegalText {
  const fail = (line: number, message: string): never => {
    throw new LegalTextError(`${file}:${line}: ${message}`);
  };
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let title: string | null = null;
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", text: paragraph.join("") });
    paragraph = [];
  };
  lines.forEach((raw, index) => {
    const number = index + 1;
    for (const match of raw.matchAll(PLACEHOLDER)) {
      if (!allowed.includes(match[1]!)) {
        fail(number, `unknown placeholder {${match[1]}} (this page fills: ${allowed.join(", ")})`);
      }
    }
    if (/<[a-zA-Z/!]/.test(raw)) fail(number, "HTML is not allowed; write plain text");
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

export function fillLegalText(text: LegalText, values: Values): LegalText {
  const blocks = text.blocks
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
