// The invoice step page's view model: only what the page shows. Pure (the loader makes the calls).

import type { ClaimFilesView } from "~/components/claim-fieldset";
import type { BankCalendar } from "~/domain/bank-calendar";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import type { CorporationSuggestion } from "~/domain/houjinbangou";
import { formRevision } from "~/components/use-unsaved-changes";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { claimFiles } from "~/domain/invoice-step";
import { formatJapaneseDate } from "~/domain/japan-date";
import { ValidationMessage } from "~/domain/messages";
import { formValuesFromDraft, invoiceFieldLabels } from "./form";

/** The corporate-number search the page shows under one claim (without JavaScript). */
export interface SuggestionSearch {
  /** the claim, 0-based */ index: number;
  query: string;
  results: CorporationSuggestion[];
  /** at least this many characters are searched */ minQuery: number;
}

function fileItem(file: PendingFile) {
  return {
    id: file.id,
    name: file.name,
    uploadedAt: formatJapaneseDate(file.created_at),
    error: file.error === true,
  };
}

function claimFilesView(draft: DraftEntry, files: readonly PendingFile[], count: number): ClaimFilesView[] {
  return Array.from({ length: count }, (_, index) => {
    const grouped = claimFiles(draft.claims[index] ?? { contentfile_relations: [] }, index, files);
    return {
      invoices: grouped.invoices.map(fileItem),
      additionalDocs: grouped.additionalDocs.map(fileItem),
      misplaced: grouped.misplaced.map(fileItem),
    };
  });
}

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

/** Worded here, so the page's bundle does not carry the message table for one sentence. */
function addClaimHint(claimCount: number): string {
  return claimCount >= MAX_CLAIMS_PER_ENTRY
    ? ValidationMessage.tooManyClaims
    : `あと${MAX_CLAIMS_PER_ENTRY - claimCount}件追加できます。入力済みの内容は保存されます。`;
}

export function invoiceStepView(
  { draft, files }: { draft: DraftEntry; files: readonly PendingFile[] },
  search: SuggestionSearch | null,
  url: URL,
  /** The bank holidays the payment dates may fall on (paymentDateCalendar: a dozen dates, not the package). */
  calendar: BankCalendar,
) {
  const values = formValuesFromDraft(draft);
  return {
    calendar,
    revision: formRevision(values),
    claimCount: values.claims.length,
    addClaimHint: addClaimHint(values.claims.length),
    values,
    labels: invoiceFieldLabels(values),
    claimFiles: claimFilesView(draft, files, values.claims.length),
    suggestions: suggestionsView(search),
    saved: url.searchParams.get("saved") === "1",
  };
}
