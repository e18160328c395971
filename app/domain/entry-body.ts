// §7 POST /api/entries/: the entry body from the draft, "claims' holder names filled from formatted names".

import { BANK_ACCOUNT_FIELD_LABELS, formatHolderName } from "./bank-account";
import type { DraftEntry, PendingFile } from "./draft-entry";
import { CLAIM_FIELDS, INVOICE_FIELDS } from "./invoice-step";
import { parseUploadKind } from "./file-kinds";
import { effectiveFileFormat, statementUploadKinds } from "./withdrawal-step";

/** Anything not a number is left for the upstream to refuse. */
export function integerFrom(value: string | number | null | undefined): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = value.normalize("NFKC").replace(/[,\s円]/g, "");
  return /^[0-9]{1,12}$/.test(text) ? Number(text) : value;
}

export interface EntryBody {
  purchase_amount_desired: number | string | null;
  purpose: string;
  claims: Record<string, unknown>[];
  addfiles: number[];
  /** A contract addition (docs/upstream-api/entries.md): what was typed of each statement account. */
  banks: {
    bank_name: string;
    bank_account_number: string;
    file_format: "passbook" | "ib";
    /** Its files: after an account above it was removed, their kinds no longer say which it is. */
    contentfiles: number[];
  }[];
  bank_account: Record<string, unknown> | null;
  idempotency_key: string;
}

export function entryBodyFromDraft(
  draft: DraftEntry,
  files: readonly PendingFile[],
  entryDocumentKinds: readonly string[],
): EntryBody {
  const bankFiles = draft.banks.map((bank) => statementFileIds(bank, files));
  const documentIds = files
    .filter((file) => !file.error && entryDocumentKinds.includes(file.kind.replace(/-\d+$/, "")))
    .map((file) => file.id);
  return {
    purchase_amount_desired: integerFrom(draft.purchase_amount_desired),
    purpose: draft.purpose ?? "",
    claims: draft.claims.map((claim) => ({
      obliger_company_name: claim.obliger_company_name ?? "",
      houjinbangou: claim.houjinbangou ?? "",
      houjinbangou_address: claim.houjinbangou_address ?? "",
      amount: integerFrom(claim.amount),
      scheduled_deposit_amount_from_obliger: integerFrom(claim.scheduled_deposit_amount_from_obliger),
      obliger_payment_date: claim.obliger_payment_date ?? "",
      is_fixed_debt: claim.is_fixed_debt ?? null,
      is_bank_transfer_from_obliger: claim.is_bank_transfer_from_obliger ?? null,
      receive_payment_account: {
        bank_name: claim.receive_payment_account?.bank_name ?? "",
        deposit_type: claim.receive_payment_account?.deposit_type || "ordinary",
        bank_account_number: (claim.receive_payment_account?.bank_account_number ?? "").normalize("NFKC"),
        obliger_accounts: (claim.receive_payment_account?.obliger_accounts ?? [])
          .filter((account) => account.holder_name.trim() !== "")
          .map((account) => ({ holder_name: formatHolderName(account.holder_name) })),
      },
      contentfiles: claim.contentfile_relations,
    })),
    addfiles: [...new Set([...documentIds, ...bankFiles.flat()])],
    banks: draft.banks.map((bank, index) => ({
      bank_name: bank.bank_name ?? "",
      bank_account_number: (bank.bank_account_number ?? "").normalize("NFKC"),
      file_format: effectiveFileFormat(bank.file_format),
      contentfiles: bankFiles[index]!,
    })),
    bank_account: draft.bank_account
      ? {
          ...draft.bank_account,
          deposit_type: draft.bank_account.deposit_type || "ordinary",
          bank_account_number: (draft.bank_account.bank_account_number ?? "").normalize("NFKC"),
          account_holder_name: formatHolderName(draft.bank_account.account_holder_name ?? ""),
        }
      : null,
    idempotency_key: entryIdempotencyKey(draft),
  };
}

/**
 * A statement account's files as its step shows them: those of the other format (kept in case the owner
 * switches back) are not sent. A file the list does not know keeps its place, as the upstream decides.
 */
function statementFileIds(bank: DraftEntry["banks"][number], files: readonly PendingFile[]): number[] {
  const kinds: readonly string[] = statementUploadKinds(bank.file_format);
  const kindOf = new Map(files.map((file) => [file.id, parseUploadKind(file.kind)?.base]));
  return bank.contentfile_relations.filter((id) => {
    const kind = kindOf.get(id);
    return kind === undefined || kinds.includes(kind);
  });
}

/** One draft makes one entry (decision 0024); a never-saved draft gets a key of its own. */
export function entryIdempotencyKey(draft: Pick<DraftEntry, "id">): string {
  return draft.id === null ? `unsaved-${crypto.randomUUID()}` : `draft-${draft.id}`;
}

export const IDEMPOTENCY_KEY_FIELD = "idempotency_key";

export function postedIdempotencyKey(value: unknown): string | null {
  return typeof value === "string" && /^(draft-[0-9]{1,18}|unsaved-[0-9a-f-]{36})$/.test(value)
    ? value
    : null;
}

/**
 * A resubmission page's own key (decision 0024): both presses of one page share it, and each page drawn
 * gets a new one, so a later resubmission (a new finding, a new page) is never taken for the first.
 */
export function reviewIdempotencyKey(entryId: number | string): string {
  return `review-${entryId}-${crypto.randomUUID().replaceAll("-", "")}`;
}

/** A posted review key of the entry it was drawn for, in the shape the app makes; else not asked about. */
export function postedReviewKey(value: unknown, entryId: number | string): string | null {
  return typeof value === "string" && new RegExp(`^review-${Number(entryId)}-[0-9a-f]{32}$`).test(value)
    ? value
    : null;
}

const FIELD_LABELS: Record<string, string> = {
  purchase_amount_desired: "希望買取額",
  purpose: INVOICE_FIELDS.purpose.label,
  claims: "請求書",
  obliger_company_name: CLAIM_FIELDS.obliger_company_name.label,
  houjinbangou: "法人番号",
  houjinbangou_address: CLAIM_FIELDS.houjinbangou_address.label,
  amount: "請求書額面（税込）",
  scheduled_deposit_amount_from_obliger: "売掛先からの銀行振込金額",
  obliger_payment_date: "支払期日",
  is_fixed_debt: "確定債権かどうか",
  is_bank_transfer_from_obliger: "売掛先からの銀行振込かどうか",
  receive_payment_account: "入金口座",
  bank_name: BANK_ACCOUNT_FIELD_LABELS.bank_name,
  branch_name: BANK_ACCOUNT_FIELD_LABELS.branch_name,
  deposit_type: BANK_ACCOUNT_FIELD_LABELS.deposit_type,
  bank_account_number: BANK_ACCOUNT_FIELD_LABELS.bank_account_number,
  obliger_accounts: "振込名義",
  holder_name: "名義",
  account_holder_name: "口座名義",
  contentfiles: "書類",
  addfiles: "書類",
  bank_account: "お振込先口座",
  non_field_errors: "",
};

/** DRF's nested errors as lines a person reads: 「請求書2 請求書額面（税込）：…」. */
export function readableErrors(errors: unknown, prefix = ""): string[] {
  if (Array.isArray(errors)) {
    if (errors.every((item) => typeof item === "string")) {
      return (errors as string[]).map((message) => (prefix ? `${prefix}：${message}` : message));
    }
    return errors.flatMap((item, index) =>
      readableErrors(
        item,
        prefix.endsWith("請求書") || prefix.endsWith("振込名義") ? `${prefix}${index + 1}` : prefix,
      ),
    );
  }
  if (errors && typeof errors === "object") {
    return Object.entries(errors as Record<string, unknown>).flatMap(([field, value]) => {
      const label = FIELD_LABELS[field] ?? field;
      const next = [prefix, label].filter(Boolean).join(" ");
      return readableErrors(value, next);
    });
  }
  return typeof errors === "string" ? [prefix ? `${prefix}：${errors}` : errors] : [];
}
