// An entry's documents: which group a file belongs to, its files by what they are (the check page and
// the detail page list them so), and §4's documents the operator already confirmed standing in for new ones.

import type { PendingFile } from "./draft-entry";
import { FINANCIAL_KINDS, parseUploadKind } from "./file-kinds";
import { type ConfirmedDocumentFacts, FINANCIAL_KIND_LABELS } from "./financial-step";
import { formatJapaneseDate } from "./japan-date";
import { type EntrySummary, hasDelayClaim, hasInadequateClaim } from "./new-entry";
import { countsAsConfirmed } from "./statuses";
import type { CurrentUser } from "./user";
import { STATEMENT_UPLOAD_KINDS, STATEMENT_UPLOAD_LABELS } from "./withdrawal-step";

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

/** A file as a list of names shows it. */
export interface NamedFile {
  id: number;
  name: string;
}

/** The files of one kind, under that kind's name: 「試算表（損益計算書）」, 「通帳の表紙（口座2）」. */
export interface FileGroup {
  label: string;
  files: NamedFile[];
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  ...FINANCIAL_KIND_LABELS,
  ...STATEMENT_UPLOAD_LABELS,
  // §3's older kinds, a whole group in one file.
  financial_statements: "決算書類",
  withdrawals_detail: "入出金明細",
  invoice: "請求書",
  additional_doc: "追加書類",
};

/** The words of an entry document's kind: 「試算表（損益計算書）」, 「通帳の表紙（口座2）」; unknown ones as they are. */
export function documentKindLabel(kind: string): string {
  const parsed = parseUploadKind(kind);
  const base = parsed?.base ?? kind;
  const label = KIND_LABELS[base];
  if (!label) return kind;
  const statement = (STATEMENT_UPLOAD_KINDS as readonly string[]).includes(base);
  return statement ? `${label}（口座${parsed?.displayId ?? 1}）` : label;
}

/**
 * `files` of `group` by kind, in the order the steps ask for them, each kind that has a file once;
 * `owner` names whose they are (「口座2」, 「請求書1」), said after the kind.
 */
export function fileGroups(
  files: readonly { id: number; name: string; kind: string }[],
  group: EntryDocumentGroup,
  owner?: string,
): FileGroup[] {
  const order: readonly string[] =
    group === "financial_statements" || group === "withdrawals_detail"
      ? [...ENTRY_DOCUMENT_GROUP_KINDS[group].slice(1), ENTRY_DOCUMENT_GROUP_KINDS[group][0]]
      : ENTRY_DOCUMENT_GROUP_KINDS[group];
  return order.flatMap((base) => {
    const ofKind = files.filter((file) => (parseUploadKind(file.kind)?.base ?? file.kind) === base);
    if (ofKind.length === 0) return [];
    const label = KIND_LABELS[base] ?? base;
    return [
      {
        label: owner
          ? group === "withdrawals_detail"
            ? `${label}（${owner}）`
            : `${owner}の${label}`
          : label,
        files: ofKind.map(({ id, name }) => ({ id, name })),
      },
    ];
  });
}

/** A claim's files: its invoices, then its additional documents (「請求書1の請求書」). */
export function claimFileGroups(
  files: readonly { id: number; name: string; kind: string }[],
  displayId: number,
): FileGroup[] {
  const owner = `請求書${displayId}`;
  return [...fileGroups(files, "invoice", owner), ...fileGroups(files, "additional_doc", owner)];
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
