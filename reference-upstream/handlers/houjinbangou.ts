// §7 GET /api/ext/houjinbangou/?name=…: corporate-number suggestions for a claim's obliger (§3
// Claim: obliger_company_name, houjinbangou, houjinbangou_address), from a bundled sample of
// fictional corporations whose numbers carry valid check digits (app/domain/houjinbangou.ts).
//
// Matching forgives what people type: full- or half-width (NFKC), katakana or hiragana, upper or
// lower case, spaces, and the corporate form (株式会社, ㈱, (株) …) are ignored; a query of digits
// (optionally with the invoice number's leading T) matches numbers by prefix.

import { CORPORATION_QUERY_MAX_LENGTH, MAX_CORPORATION_SUGGESTIONS } from "../../app/domain/houjinbangou";
import { DrfMessage, validationError } from "../http/errors";
import type { Reply, RouteDefinition } from "../http/router";
import sample from "../data/houjinbangou-sample.json";

export interface CorporationSuggestion {
  name: string;
  houjinbangou: string;
  address: string;
}

/** Corporate forms as they read after NFKC, longest first so 医療法人社団 goes before 医療法人. */
const CORPORATE_FORMS = [
  "特定非営利活動法人",
  "一般社団法人",
  "一般財団法人",
  "公益社団法人",
  "公益財団法人",
  "医療法人社団",
  "医療法人財団",
  "社会福祉法人",
  "農事組合法人",
  "株式会社",
  "有限会社",
  "合同会社",
  "合名会社",
  "合資会社",
  "医療法人",
  "学校法人",
  "宗教法人",
  "npo法人",
  "(株)",
  "(有)",
  "(同)",
  "(名)",
  "(資)",
  "(医)",
  "(福)",
  "(社)",
  "(財)",
].map((form) => toSearchKey(form, false));

/**
 * The form a name or query is compared in: NFKC (width, ㈱ → (株)), lower case, katakana as
 * hiragana, without whitespace, and (unless keepForms) without corporate forms.
 */
function toSearchKey(text: string, stripForms = true): string {
  let key = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/gu, "");
  if (stripForms) for (const form of CORPORATE_FORMS) key = key.split(form).join("");
  return key;
}

const corporations = (sample as CorporationSuggestion[]).map((corporation) => ({
  corporation,
  key: toSearchKey(corporation.name),
}));

/** Suggestions for a query: names containing it (names starting with it first), or numbers starting with it. */
export function suggestCorporations(query: string): CorporationSuggestion[] {
  const key = toSearchKey(query);
  // Nothing meaningful left (only spaces, punctuation or a corporate form): no suggestions.
  if (!/[\p{L}\p{N}]/u.test(key)) return [];
  const digits = /^t?([0-9]{1,13})$/.exec(key.replace(/-/g, ""));
  if (digits) {
    const prefix = digits[1]!;
    return corporations
      .filter(({ corporation }) => corporation.houjinbangou.startsWith(prefix))
      .slice(0, MAX_CORPORATION_SUGGESTIONS)
      .map(({ corporation }) => corporation);
  }
  const matches = corporations.filter((entry) => entry.key.includes(key));
  const starting = matches.filter((entry) => entry.key.startsWith(key));
  const containing = matches.filter((entry) => !entry.key.startsWith(key));
  return [...starting, ...containing]
    .slice(0, MAX_CORPORATION_SUGGESTIONS)
    .map(({ corporation }) => corporation);
}

function houjinbangouSuggestions(ctx: { url: URL }): Reply {
  const name = ctx.url.searchParams.get("name") ?? "";
  if ([...name].length > CORPORATION_QUERY_MAX_LENGTH) {
    throw validationError({ name: [DrfMessage.maxLength(CORPORATION_QUERY_MAX_LENGTH)] });
  }
  return { status: 200, body: suggestCorporations(name) };
}

export const houjinbangouRoutes: RouteDefinition[] = [
  { method: "GET", path: "/api/ext/houjinbangou/", handler: houjinbangouSuggestions },
];
