// The invoice step page's view model: only what the page shows. Pure (the loader makes the calls).

import type { ClaimFilesView } from "~/components/claim-fieldset";
import type { BankCalendar } from "~/domain/bank-calendar";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { formRevision } from "~/components/use-unsaved-changes";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { fileItem } from "~/domain/entry-documents";
import { claimFiles } from "~/domain/invoice-step";
import { ValidationMessage } from "~/domain/messages";
import { formValuesFromDraft, invoiceFieldLabels } from "~/components/invoice-form";
import { type SuggestionSearch, suggestionsView } from "~/components/corporation-suggestions";

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

/** Under 請求書を追加する: how many more claims fit, or §5's limit; worded here to keep the message table out of the bundle. */
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
