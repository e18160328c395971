// The corporate-number search shown under a claim without JavaScript: the invoice step's and the
// resubmission's, alike.

import type { CorporationSuggestion } from "~/domain/houjinbangou";

/** The corporate-number search the page shows under one claim (without JavaScript). */
export interface SuggestionSearch {
  /** the claim, 0-based */ index: number;
  query: string;
  results: CorporationSuggestion[];
  /** at least this many characters are searched */ minQuery: number;
}

/** The search as the page shows it: the matches, or why there are none. */
export function suggestionsView(search: SuggestionSearch | null) {
  if (!search) return null;
  const { index, query, results, minQuery } = search;
  return {
    index,
    query,
    results,
    message:
      [...query].length < minQuery
        ? `会社名を${minQuery}文字以上入力してから検索してください。`
        : results.length === 0
          ? "該当する法人が見つかりませんでした。法人番号と所在地を直接入力してください。"
          : null,
  };
}
