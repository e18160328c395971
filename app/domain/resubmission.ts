// §2 /entry/resubmit/:entryId, §7 POST /api/entries/{id}/review/ (decision 0011). A new upload replaces
// what was submitted of its kind; every other file is sent again (docs/upstream-api/entries.md).

import { claimUploadKind, claimUploadSlot, parseUploadKind } from "./file-kinds";
import { FINANCIAL_KINDS, isFinancialKind } from "./financial-step";
import { ClaimStatus, ReviewStatus, isEntryResubmittable } from "./statuses";
import { STATEMENT_UPLOAD_KINDS, statementUploadKind } from "./withdrawal-step";

export interface ResubmissionFile {
  id: number;
  kind: string;
  error?: boolean;
}

export interface ResubmissionClaim {
  id: number;
  status: number;
  invoice_confirmation_status?: number | null;
  additional_doc_confirmation_status?: number | null;
  contentfiles: readonly ResubmissionFile[];
}

export interface ResubmissionEntry {
  status: number;
  financial_statement_confirmation_status?: number | null;
  account_activity_statement_confirmation_status?: number | null;
  addfiles: readonly ResubmissionFile[];
  claims: readonly ResubmissionClaim[];
}

export type DocumentGroup = "financial_statements" | "withdrawals_detail";

export const ResubmissionMessage = {
  notResubmittable:
    "このお申し込みには再提出が必要なものがありません。不備のあるお申し込みのみ再提出できます。",
  newInvoiceNeeded: "不備のあった請求書を、新しいファイルでアップロードしてください。",
  newAdditionalDocNeeded: "不備のあった追加書類を、新しいファイルでアップロードしてください。",
  newFinancialNeeded: "不備のあった決算書類を、新しいファイルでアップロードしてください。",
  newStatementNeeded: "不備のあった入出金明細を、新しいファイルでアップロードしてください。",
  resubmitted: "再提出を受け付けました。あらためて審査いたします。",
} as const;

const isInadequate = (status: number | null | undefined) => status === ReviewStatus.inadequate;

export function isClaimEditable(claim: Pick<ResubmissionClaim, "status">): boolean {
  return claim.status === ClaimStatus.inadequate;
}

export function inadequateGroups(entry: ResubmissionEntry): DocumentGroup[] {
  const groups: DocumentGroup[] = [];
  if (isInadequate(entry.financial_statement_confirmation_status)) groups.push("financial_statements");
  if (isInadequate(entry.account_activity_statement_confirmation_status)) groups.push("withdrawals_detail");
  return groups;
}

export function hasSomethingToResubmit(entry: ResubmissionEntry): boolean {
  return (
    isEntryResubmittable(entry.status) &&
    (entry.claims.some(isClaimEditable) || inadequateGroups(entry).length > 0)
  );
}

export const DOCUMENT_GROUP_NAMES: Record<DocumentGroup, string> = {
  financial_statements: "決算書類",
  withdrawals_detail: "入出金明細",
};

/** What the operator found inadequate, in the page's words: 「請求書1の請求書」, 「入出金明細」. */
export function requestedItems(entry: ResubmissionEntry): string[] {
  const items = entry.claims.flatMap((claim, index) => {
    if (!isClaimEditable(claim)) return [];
    const name = `請求書${index + 1}`;
    const documents = [
      ...(isInadequate(claim.invoice_confirmation_status) ? [`${name}の請求書`] : []),
      ...(isInadequate(claim.additional_doc_confirmation_status) ? [`${name}の追加書類`] : []),
    ];
    // Found inadequate for what was typed, not for a file.
    return documents.length > 0 ? documents : [`${name}の入力内容`];
  });
  return [...items, ...inadequateGroups(entry).map((group) => DOCUMENT_GROUP_NAMES[group])];
}

/** The page's opening: what was asked for, then what this page lets the owner do about it. */
export function resubmissionIntro(entry: ResubmissionEntry): [string, string] {
  const claims = entry.claims.some(isClaimEditable)
    ? "不備のあった請求書の入力内容と書類を修正・再提出できます。"
    : "";
  const groups =
    inadequateGroups(entry).length > 0 ? "不備のあった書類は、新しいファイルでご提出ください。" : "";
  return [
    `審査の結果、${requestedItems(entry).join("、")}に不備がありました。`,
    `${claims}${groups}修正が終わったら「再提出する」を押してください。`,
  ];
}

const baseOf = (kind: string) => parseUploadKind(kind)?.base ?? null;

export function groupOfKind(kind: string): DocumentGroup | null {
  const base = baseOf(kind);
  if (base === null) return null;
  if (isFinancialKind(base)) return "financial_statements";
  if ((STATEMENT_UPLOAD_KINDS as readonly string[]).includes(base) || base === "withdrawals_detail") {
    return "withdrawals_detail";
  }
  return null;
}

export interface ResubmissionSlot {
  slot: string;
  kind: string;
}

/** A claim being resubmitted at position `displayId`: §3 "Upload slots per claim: invoice-{n}, additional_doc-{n}". */
export function claimSlots(displayId: number): ResubmissionSlot[] {
  return (["invoice", "additional_doc"] as const).map((base) => ({
    slot: claimUploadSlot(base, displayId),
    kind: claimUploadKind(base, displayId),
  }));
}

function financialKindsFor(individual: boolean): readonly string[] {
  return individual
    ? ["tax_returns", "business_opening"]
    : FINANCIAL_KINDS.filter((kind) => kind !== "tax_returns" && kind !== "business_opening");
}

/** One slot per submitted kind, or every allowed kind when the entry carries none of the group. */
export function groupSlots(
  entry: ResubmissionEntry,
  group: DocumentGroup,
  individual: boolean,
): ResubmissionSlot[] {
  const submitted = [
    ...new Set(entry.addfiles.map((file) => file.kind).filter((kind) => groupOfKind(kind) === group)),
  ].sort();
  const kinds =
    submitted.length > 0
      ? submitted
      : group === "financial_statements"
        ? financialKindsFor(individual)
        : STATEMENT_UPLOAD_KINDS.map((base) => statementUploadKind(base, 1));
  return kinds.map((kind) => ({ slot: kind, kind }));
}

export function newFilesOf<F extends ResubmissionFile>(kind: string, pending: readonly F[]): F[] {
  return pending.filter((file) => file.kind === kind && file.error !== true);
}

function replacedList(
  submitted: readonly ResubmissionFile[],
  slots: readonly ResubmissionSlot[],
  pending: readonly ResubmissionFile[],
  sameKind: (submittedKind: string, slotKind: string) => boolean,
): number[] {
  const replacing = slots.filter((slot) => newFilesOf(slot.kind, pending).length > 0);
  const kept = submitted.filter((file) => !replacing.some((slot) => sameKind(file.kind, slot.kind)));
  const added = replacing.flatMap((slot) => newFilesOf(slot.kind, pending));
  return [...kept.map((file) => file.id), ...added.map((file) => file.id)];
}

/** A claim's files are an invoice and additional documents whatever number their kind carries. */
const sameBase = (a: string, b: string) => baseOf(a) === baseOf(b);

export interface UploadRequirement {
  slot: string;
  kinds: string[];
  message: string;
}

export function uploadRequirements(entry: ResubmissionEntry, individual: boolean): UploadRequirement[] {
  const requirements: UploadRequirement[] = [];
  entry.claims.forEach((claim, index) => {
    if (!isClaimEditable(claim)) return;
    const [invoice, additional] = claimSlots(index + 1) as [ResubmissionSlot, ResubmissionSlot];
    if (isInadequate(claim.invoice_confirmation_status)) {
      requirements.push({ ...invoice, kinds: [invoice.kind], message: ResubmissionMessage.newInvoiceNeeded });
    }
    if (isInadequate(claim.additional_doc_confirmation_status)) {
      requirements.push({
        ...additional,
        kinds: [additional.kind],
        message: ResubmissionMessage.newAdditionalDocNeeded,
      });
    }
  });
  for (const group of inadequateGroups(entry)) {
    const slots = groupSlots(entry, group, individual);
    requirements.push({
      slot: slots[0]!.slot,
      kinds: slots.map((slot) => slot.kind),
      message:
        group === "financial_statements"
          ? ResubmissionMessage.newFinancialNeeded
          : ResubmissionMessage.newStatementNeeded,
    });
  }
  return requirements;
}

export function missingUploads(
  requirements: readonly UploadRequirement[],
  pending: readonly ResubmissionFile[],
): Map<string, string> {
  const missing = new Map<string, string>();
  for (const requirement of requirements) {
    const met = requirement.kinds.some((kind) => newFilesOf(kind, pending).length > 0);
    if (!met) missing.set(requirement.slot, requirement.message);
  }
  return missing;
}

export function resubmittedFiles(
  entry: ResubmissionEntry,
  pending: readonly ResubmissionFile[],
  individual: boolean,
): { claims: { id: number; contentfiles: number[] }[]; addfiles?: number[] } {
  const claims = entry.claims.flatMap((claim, index) =>
    isClaimEditable(claim)
      ? [
          {
            id: claim.id,
            contentfiles: replacedList(claim.contentfiles, claimSlots(index + 1), pending, sameBase),
          },
        ]
      : [],
  );
  const groups = inadequateGroups(entry);
  if (groups.length === 0) return { claims };
  const slots = groups.flatMap((group) => groupSlots(entry, group, individual));
  // Entry documents are replaced kind by kind, their number included (a statement's cover is its own).
  return { claims, addfiles: replacedList(entry.addfiles, slots, pending, (a, b) => a === b) };
}
