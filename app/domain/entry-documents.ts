// §4: documents the operator already confirmed stand in for new ones (financial and withdrawal steps).

import type { PendingFile } from "./draft-entry";
import { parseUploadKind } from "./file-kinds";
import { type ConfirmedDocumentFacts, FINANCIAL_KINDS } from "./financial-step";
import { formatJapaneseDate } from "./japan-date";
import { type EntrySummary, hasDelayClaim, hasInadequateClaim } from "./new-entry";
import { countsAsConfirmed } from "./statuses";
import type { CurrentUser } from "./user";
import { STATEMENT_UPLOAD_KINDS } from "./withdrawal-step";

export const ENTRY_DOCUMENT_GROUP_KINDS = {
  financial_statements: ["financial_statements", ...FINANCIAL_KINDS],
  withdrawals_detail: ["withdrawals_detail", ...STATEMENT_UPLOAD_KINDS],
  invoice: ["invoice"],
  additional_doc: ["additional_doc"],
} as const satisfies Record<string, readonly string[]>;
export type EntryDocumentGroup = keyof typeof ENTRY_DOCUMENT_GROUP_KINDS;

export function documentGroupOf(kind: string): EntryDocumentGroup | null {
  const base = parseUploadKind(kind)?.base ?? kind;
  for (const [group, kinds] of Object.entries(ENTRY_DOCUMENT_GROUP_KINDS)) {
    if ((kinds as readonly string[]).includes(base)) return group as EntryDocumentGroup;
  }
  return null;
}

export function hasFileOfGroup(files: readonly { kind: string }[], group: EntryDocumentGroup): boolean {
  return files.some((file) => documentGroupOf(file.kind) === group);
}

/** §4 "Withdrawals-detail and financial-statements statuses count as confirmed when confirming or confirmed." */
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

/** A pending file as a slot's list shows it: name, date, size, and whether the upstream flagged it. */
export function fileItem(file: PendingFile) {
  return {
    id: file.id,
    name: file.name,
    uploadedAt: formatJapaneseDate(file.created_at),
    size: file.size ?? null,
    error: file.error === true,
  };
}
