// What the financial and withdrawal steps share on the server: the §4 facts that let documents the
// operator already confirmed stand in for new ones, the view of a pending file, and removing files
// a new upload replaced.

import type { PendingFile } from "~/domain/draft-entry";
import type { ConfirmedDocumentFacts } from "~/domain/financial-step";
import { formatJapaneseDate } from "~/domain/japan-date";
import { type EntrySummary, hasDelayClaim, hasInadequateClaim } from "~/domain/new-entry";
import { countsAsConfirmed } from "~/domain/statuses";
import type { RequestContext } from "~/request/context.server";
import { UpstreamError } from "./errors.server";
import type { AuthenticatedUser } from "~/request/guards.server";

/**
 * §4 "… or withdrawal details are confirmed with no inadequate claim and no delay claim" (and the
 * financial step alike): "Withdrawals-detail and financial-statements statuses count as confirmed
 * when confirming or confirmed."
 */
export function confirmedDocumentFacts(
  user: AuthenticatedUser,
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

/**
 * DELETE /api/uploads/{id}/ for files a newer upload replaced. Best effort: a file that cannot be
 * removed stays pending and is simply not part of the entry.
 */
export async function deleteReplacedUploads(ctx: RequestContext, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    try {
      await ctx.client.call("DELETE", `/api/uploads/${id}/`, { expect: "nothing" });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
    }
  }
}
