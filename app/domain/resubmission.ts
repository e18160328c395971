// §2 /entry/resubmit/:entryId and §7 POST /api/entries/{id}/review/ (decision 0011): after review
// the operator marks what is inadequate: a claim (its fields, its invoice or additional documents:
// §4 claim status inadequate, invoice_confirmation_status / additional_doc_confirmation_status
// inadequate) or one of the entry's document groups (financial_statement_confirmation_status,
// account_activity_statement_confirmation_status). Only those may be changed or uploaded again.
//
// A new upload replaces what was submitted of its kind: the review call's `contentfiles` and
// `addfiles` are the lists as they should now be (docs/upstream-api/entries.md), so a kind with new
// files sends those instead of the submitted ones, and every other file is sent again as it was.
// Pure: shared by the page's view model and its action.

import { claimUploadKind, claimUploadSlot, parseUploadKind } from "./file-kinds";
import { FINANCIAL_KINDS, isFinancialKind } from "./financial-step";
import { ClaimStatus, ReviewStatus, isEntryResubmittable } from "./statuses";
import { STATEMENT_UPLOAD_KINDS, statementUploadKind } from "./withdrawal-step";

/** A file as the entry (or GET /api/uploads/ for one not yet sent) gives it. */
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

/** The entry's own document groups (§4): financial statements and account-activity statements. */
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

/** §4 claim status inadequate: the claims whose fields and files the user may change. */
export function isClaimEditable(claim: Pick<ResubmissionClaim, "status">): boolean {
  return claim.status === ClaimStatus.inadequate;
}

/** The document groups the operator found inadequate (§4 review status 2). */
export function inadequateGroups(entry: ResubmissionEntry): DocumentGroup[] {
  const groups: DocumentGroup[] = [];
  if (isInadequate(entry.financial_statement_confirmation_status)) groups.push("financial_statements");
  if (isInadequate(entry.account_activity_statement_confirmation_status)) groups.push("withdrawals_detail");
  return groups;
}

/** True when the entry can be resubmitted and has something to resubmit. */
export function hasSomethingToResubmit(entry: ResubmissionEntry): boolean {
  return (
    isEntryResubmittable(entry.status) &&
    (entry.claims.some(isClaimEditable) || inadequateGroups(entry).length > 0)
  );
}

const baseOf = (kind: string) => parseUploadKind(kind)?.base ?? null;

/** The group an entry file's kind belongs to, or null (identity and claim files belong to none). */
export function groupOfKind(kind: string): DocumentGroup | null {
  const base = baseOf(kind);
  if (base === null) return null;
  if (isFinancialKind(base)) return "financial_statements";
  if ((STATEMENT_UPLOAD_KINDS as readonly string[]).includes(base) || base === "withdrawals_detail") {
    return "withdrawals_detail";
  }
  return null;
}

/** One place a new file can go: its slot's name (the page's) and the upload kind it takes. */
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

/** The financial kinds a user of this division may submit (§4 "Financial document type"). */
function financialKindsFor(individual: boolean): readonly string[] {
  return individual
    ? ["tax_returns", "business_opening"]
    : FINANCIAL_KINDS.filter((kind) => kind !== "tax_returns" && kind !== "business_opening");
}

/**
 * The slots of an inadequate document group: one per kind the entry was submitted with (a new file
 * replaces those of its kind), or, when the entry carries none of the group (the documents were
 * confirmed on an earlier entry), every kind the user may submit.
 */
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

/** The new files (uploaded, not yet in any entry, without the upstream's error flag) of a kind. */
export function newFilesOf<F extends ResubmissionFile>(kind: string, pending: readonly F[]): F[] {
  return pending.filter((file) => file.kind === kind && file.error !== true);
}

/**
 * The files a list sends again: those submitted, except where a slot of `slots` has new files (which
 * replace the submitted files of that slot's base kind and number), plus those new files.
 */
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

/**
 * A new file the operator's finding asks for: one in any of `kinds`, said at `slot` when none came.
 * A claim's document found inadequate (invoice_confirmation_status / additional_doc_confirmation_status)
 * needs a new file of its own; an inadequate document group needs one of the group.
 */
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

/** The requirements no new file meets yet: the slot → its message. */
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

/**
 * The files part of the review call's body (§7 POST /api/entries/{id}/review/): each editable claim's
 * `contentfiles`, and the entry's `addfiles` when one of its groups is inadequate, each list as it
 * should now be.
 */
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
