// §2 /entry/resubmit/:entryId, §7 POST /api/entries/{id}/review/ (decision 0011): what may change, and
// the lists of files the review call sends (docs/upstream-api/entries.md).

import { businessWords } from "./business-types";
import { FINANCIAL_KINDS, claimUploadKind, claimUploadSlot, parseUploadKind } from "./file-kinds";
import { isFinancialKind } from "./financial-step";
import { ClaimStatus, ReviewStatus, isEntryResubmittable } from "./statuses";
import {
  MAX_STATEMENTS,
  STATEMENT_UPLOAD_KINDS,
  WithdrawalStepMessage,
  effectiveFileFormat,
  statementField,
  statementUploadKind,
  statementUploadKinds,
} from "./withdrawal-step";

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
  newTaxReturnNeeded: "不備のあった確定申告書を、新しいファイルでアップロードしてください。",
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

/** A group as the owner calls it: a sole proprietor's financial documents are the 確定申告書. */
export function documentGroupName(group: DocumentGroup, individual = false): string {
  return group === "financial_statements"
    ? businessWords(individual ? "individual" : "corporate").financialDocuments
    : "入出金明細";
}

/** What the operator found inadequate, in the page's words: 「請求書1の請求書」, 「入出金明細」. */
export function requestedItems(entry: ResubmissionEntry, individual = false): string[] {
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
  return [...items, ...inadequateGroups(entry).map((group) => documentGroupName(group, individual))];
}

/** The page's opening: what was asked for, then what this page lets the owner do about it. */
export function resubmissionIntro(entry: ResubmissionEntry, individual = false): [string, string] {
  const claims = entry.claims.some(isClaimEditable)
    ? "不備のあった請求書の入力内容と書類を修正・再提出できます。"
    : "";
  const inadequate = inadequateGroups(entry);
  const groups =
    (inadequate.length > 0 ? "不備のあった書類は、ファイルの追加や差し替えができます。" : "") +
    (inadequate.includes("withdrawals_detail")
      ? "入出金明細は、口座の追加や、通帳とインターネットバンキングの切り替えもできます。"
      : "");
  return [
    `審査の結果、${requestedItems(entry, individual).join("、")}に不備がありました。`,
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

/**
 * The slots a group offers: for financial documents every kind the user may submit and any other kind
 * submitted; for statements both formats' kinds of every account the entry may hold (§3 "bank id").
 */
export function groupSlots(
  entry: ResubmissionEntry,
  group: DocumentGroup,
  individual: boolean,
): ResubmissionSlot[] {
  const kinds =
    group === "financial_statements"
      ? [
          ...new Set([
            ...financialKindsFor(individual),
            ...entry.addfiles.map((file) => file.kind).filter((kind) => groupOfKind(kind) === group),
          ]),
        ]
      : Array.from({ length: MAX_STATEMENTS }, (_, index) =>
          STATEMENT_UPLOAD_KINDS.map((base) => statementUploadKind(base, index + 1)),
        ).flat();
  return kinds.map((kind) => ({ slot: kind, kind }));
}

export type StatementFormat = "passbook" | "ib";

export interface StatementAccount {
  displayId: number;
  format: StatementFormat;
}

const STATEMENT_BASES = STATEMENT_UPLOAD_KINDS as readonly string[];

/** The account and format a statement file belongs to, or null for any other file. */
function statementOf(kind: string): StatementAccount | null {
  const parsed = parseUploadKind(kind);
  if (!parsed || !STATEMENT_BASES.includes(parsed.base)) return null;
  return {
    displayId: parsed.displayId ?? 1,
    format: parsed.base === "ib_info" || parsed.base === "ib_details" ? "ib" : "passbook",
  };
}

/**
 * The entry's statement accounts as the resubmission starts from them: every number its submitted or
 * new files carry, in the format of the new files (what the owner chose last) or else the submitted.
 */
export function statementAccounts(
  entry: ResubmissionEntry,
  pending: readonly ResubmissionFile[],
): StatementAccount[] {
  const formats = new Map<number, StatementFormat>();
  const note = (files: readonly ResubmissionFile[]) => {
    for (const file of files) {
      const statement = file.error === true ? null : statementOf(file.kind);
      if (statement) formats.set(statement.displayId, statement.format);
    }
  };
  note(entry.addfiles);
  note(pending);
  return [...formats].sort(([a], [b]) => a - b).map(([displayId, format]) => ({ displayId, format }));
}

/** What the owner chose on the page: each account's format, and the submitted files left out. */
export interface ResubmissionChoices {
  formats: ReadonlyMap<number, StatementFormat>;
  omitted: ReadonlySet<number>;
}

export const NO_CHOICES: ResubmissionChoices = { formats: new Map(), omitted: new Set() };

/** The checkbox that leaves a submitted file of an inadequate group out: one name per file. */
export const omitFileField = (id: number) => `omit_file-${id}`;

/** The choices as the page's form sent them: banks[i].file_format, omit_file-{id}. */
export function readResubmissionChoices(formData: FormData): ResubmissionChoices {
  const formats = new Map<number, StatementFormat>();
  for (let index = 0; index < MAX_STATEMENTS; index++) {
    const value = formData.get(statementField(index, "file_format"));
    if (typeof value === "string" && value !== "") formats.set(index + 1, effectiveFileFormat(value));
  }
  const omitted = new Set<number>();
  for (const name of formData.keys()) {
    const id = /^omit_file-([1-9][0-9]{0,17})$/.exec(name)?.[1];
    if (id) omitted.add(Number(id));
  }
  return { formats, omitted };
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
        group === "withdrawals_detail"
          ? ResubmissionMessage.newStatementNeeded
          : individual
            ? ResubmissionMessage.newTaxReturnNeeded
            : ResubmissionMessage.newFinancialNeeded,
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

/**
 * The lists the review call sends. A claim's new file replaces its submitted files of that kind. An
 * inadequate group's new files are added to what was submitted (the months that were missing, a
 * second account), less the submitted files the owner left out and, for a statement account whose
 * format was switched, the other format's files.
 */
export function resubmittedFiles(
  entry: ResubmissionEntry,
  pending: readonly ResubmissionFile[],
  individual: boolean,
  choices: ResubmissionChoices = NO_CHOICES,
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
  return {
    claims,
    addfiles: resubmittedEntryFiles(entry, pending, individual, choices).map((file) => file.id),
  };
}

function resubmittedEntryFiles(
  entry: ResubmissionEntry,
  pending: readonly ResubmissionFile[],
  individual: boolean,
  choices: ResubmissionChoices,
): ResubmissionFile[] {
  const groups = inadequateGroups(entry);
  const starting = new Map(
    statementAccounts(entry, pending).map((account) => [account.displayId, account.format]),
  );
  const inFormat = (kind: string) => {
    const statement = statementOf(kind);
    if (!statement) return true;
    const format = choices.formats.get(statement.displayId) ?? starting.get(statement.displayId);
    return format === undefined || format === statement.format;
  };
  const changeable = (kind: string) => {
    const group = groupOfKind(kind);
    return group !== null && groups.includes(group);
  };
  const kept = entry.addfiles.filter(
    (file) => !changeable(file.kind) || (!choices.omitted.has(file.id) && inFormat(file.kind)),
  );
  const offered = new Set(
    groups.flatMap((group) => groupSlots(entry, group, individual)).map((slot) => slot.kind),
  );
  const added = pending.filter(
    (file) => file.error !== true && offered.has(file.kind) && inFormat(file.kind),
  );
  return [...kept, ...added];
}

/**
 * §4 "An account activity statement is satisfied when" both uploads of its format are there: each
 * account the resubmission sends, at its form's field (banks[i].uploads).
 */
export function statementAccountProblems(
  entry: ResubmissionEntry,
  pending: readonly ResubmissionFile[],
  individual: boolean,
  choices: ResubmissionChoices,
): Record<string, string> {
  if (!inadequateGroups(entry).includes("withdrawals_detail")) return {};
  const sent = resubmittedEntryFiles(entry, pending, individual, choices);
  const problems: Record<string, string> = {};
  for (const account of statementAccounts(entry, pending)) {
    const { displayId } = account;
    const format = choices.formats.get(displayId) ?? account.format;
    const complete = statementUploadKinds(format).every((base) =>
      sent.some((file) => file.kind === statementUploadKind(base, displayId)),
    );
    const any = sent.some((file) => statementOf(file.kind)?.displayId === displayId);
    if (any && !complete) {
      problems[statementField(displayId - 1, "uploads")] = WithdrawalStepMessage.uploadsRequired(format);
    }
  }
  return problems;
}
