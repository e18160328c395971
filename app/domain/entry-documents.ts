// What the financial and withdrawal steps share: the §4 facts that let documents the operator already
// confirmed stand in for new ones, and the view of a pending file.

import type { PendingFile } from "./draft-entry";
import type { ConfirmedDocumentFacts } from "./financial-step";
import { formatJapaneseDate } from "./japan-date";
import { type EntrySummary, hasDelayClaim, hasInadequateClaim } from "./new-entry";
import { countsAsConfirmed } from "./statuses";
import type { CurrentUser } from "./user";

/**
 * §4 "… or withdrawal details are confirmed with no inadequate claim and no delay claim" (and the
 * financial step alike): "Withdrawals-detail and financial-statements statuses count as confirmed
 * when confirming or confirmed."
 */
export function confirmedDocumentFacts(
  user: CurrentUser,
  entries: readonly EntrySummary[],
  document: "financial_statements" | "withdrawals_detail",
): ConfirmedDocumentFacts {
  const status =
    document === "financial_statements" ? user.financial_statements_status : user.withdrawals_detail_status;
  const confirmed = typeof status === "number" && countsAsConfirmed(status);
  return {
    confirmed,
    hasInadequateClaim: hasInadequateClaim(entries),
    hasDelayClaim: hasDelayClaim(entries),
  };
}

/** A pending file as a page lists it (view model: no raw upstream object). */
export function fileItem(file: PendingFile) {
  return { id: file.id, name: file.name, uploadedAt: formatJapaneseDate(file.created_at) };
}
