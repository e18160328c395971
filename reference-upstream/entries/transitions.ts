// §4 "Entry transitions by call: save (create), review, contract, cancel" — the user's side of the
// entry's life — and the status an entry takes from its claims' reviews (shared with the operator
// command). Every change runs in one write transaction.

import { documentGroupOf } from "../../app/domain/entry-documents";
import { parseUploadKind } from "../../app/domain/file-kinds";
import { InvoiceStepMessage, hasInvoiceFile } from "../../app/domain/invoice-step";
import {
  CLAIM_STATUSES_AFTER_REVIEW,
  ClaimStatus,
  EntryStatus,
  ReviewStatus,
  isEntryCancellable,
} from "../../app/domain/statuses";
import { returnDeadline } from "../../app/domain/return-deadline";
import { contractRefusal } from "../../app/domain/contract-refusal";
import { returnDateCalendar } from "../../app/lookup/japan-holidays.server";
import { type Db, inTransaction } from "../db/database";
import { DrfMessage, nonFieldError, validationError } from "../http/errors";
import { dateJst, isoJst } from "../time";
import { parseJson } from "../users";
import type { UserRow } from "../users";
import { type ClaimFields, readIdempotencyKey } from "./entry-input";
import { validateResubmission } from "./resubmission-input";
import { isPlainObject, pythonTypeName } from "./fields";
import { type ClaimRow, type EntryRow, claimsOfEntry, filesOf, findEntry, requireOwnEntry } from "./rows";
import { serializeEntry } from "./serialize";
import { UploadRefChecker } from "./upload-refs";

export const TransitionMessage = {
  notResubmittable: "不備のあるお申し込みのみ再提出できます。",
  notContractable: "審査が完了し、買取可能な請求書があるお申し込みのみ契約できます。",
  agreementRequired: "契約内容に同意してください。",
  notCancellable: "審査中・不備・審査完了のお申し込みのみキャンセルできます。",
  reviewKeyUnused: "このキーで受け付けた再提出はありません。",
} as const;

const baseKind = (kind: string) => parseUploadKind(kind)?.base ?? kind;

/** The operator's reason for inadequate financial or withdrawal documents, kept in the entry's metadata. */
export const DOCUMENT_REASON_KEY = "inadequate_document_reason";

/** A resubmission's answer, and whether it is the first one given again for a replayed key. */
export interface ResubmitOutcome {
  replayed: boolean;
  answer: unknown;
}

function storedReviewAnswer(db: Db, entryId: number, key: string): unknown {
  const row = db
    .prepare("SELECT answer FROM entry_review_keys WHERE entry_id = ? AND idempotency_key = ?")
    .get(entryId, key) as { answer: string } | undefined;
  return row === undefined ? undefined : JSON.parse(row.answer);
}

/**
 * POST /api/entries/{id}/review/: only an inadequate entry may be resubmitted. Inadequate claims go
 * back to under_review, and a document whose files were replaced goes back to confirming (§4 1).
 * A key already used on the entry is answered with its first answer before anything else, and the key
 * alone only asks (decision 0024).
 */
export function resubmitEntry(
  db: Db,
  user: UserRow,
  entryId: number,
  body: unknown,
  now: Date,
): ResubmitOutcome {
  return inTransaction(db, () => {
    const entry = requireOwnEntry(db, user.id, entryId);
    const key = readIdempotencyKey(body);
    const firstAnswer =
      key.ok && key.value !== null ? storedReviewAnswer(db, entry.id, key.value) : undefined;
    if (firstAnswer !== undefined) return { replayed: true, answer: firstAnswer };
    if (entry.status !== EntryStatus.inadequate) throw nonFieldError(TransitionMessage.notResubmittable);
    if (key.ok && key.value !== null && Object.keys(body as object).length === 1) {
      throw validationError({ idempotency_key: [TransitionMessage.reviewKeyUnused] });
    }
    const claims = claimsOfEntry(db, entry.id);
    const validated = validateResubmission(
      body,
      new Map(claims.map((claim) => [claim.id, claim])),
      (claim) => claim.status === ClaimStatus.inadequate,
      new UploadRefChecker(db, user.id, entry.id),
    );
    if (!validated.ok || !key.ok) {
      throw validationError({
        ...(validated.ok ? {} : validated.errors),
        ...(key.ok ? {} : { idempotency_key: [key.message] }),
      });
    }
    const input = validated.value;
    const at = isoJst(now);

    for (const resubmitted of input.claims) {
      const claim = claims.find((candidate) => candidate.id === resubmitted.id)!;
      updateClaimFields(db, claim.id, resubmitted.fields);
      if (resubmitted.contentfiles) {
        const added = replaceFiles(db, entry.id, claim.id, resubmitted.contentfiles);
        const kinds = new Set(added.map(baseKind));
        if (kinds.has("invoice"))
          setClaimColumn(db, claim.id, "invoice_confirmation_status", ReviewStatus.confirming);
        if (kinds.has("additional_doc")) {
          setClaimColumn(db, claim.id, "additional_doc_confirmation_status", ReviewStatus.confirming);
        }
      }
    }
    // §5 "at least one successfully uploaded invoice file" holds for the entry after its files
    // changed too; the refusal undoes the whole transaction.
    const filesChanged = input.claims.some((claim) => claim.contentfiles);
    const held = claims
      .flatMap((claim) => filesOf(db, entry.id, claim.id))
      .map((file) => ({ kind: file.kind, error: file.error === 1 }));
    if (filesChanged && !hasInvoiceFile(held)) {
      throw validationError({ non_field_errors: [InvoiceStepMessage.noInvoiceFile] });
    }
    db.prepare(
      "UPDATE claims SET status = ?, inadequate_reason = '', updated_at = ? WHERE entry_id = ? AND status = ?",
    ).run(ClaimStatus.under_review, at, entry.id, ClaimStatus.inadequate);

    let withdrawalStatus = entry.account_activity_statement_confirmation_status;
    let financialStatus = entry.financial_statement_confirmation_status;
    if (input.addfiles) {
      const groups = new Set(replaceFiles(db, entry.id, null, input.addfiles).map(documentGroupOf));
      if (groups.has("withdrawals_detail")) withdrawalStatus = ReviewStatus.confirming;
      if (groups.has("financial_statements")) financialStatus = ReviewStatus.confirming;
    }
    const metadata = parseJson<Record<string, unknown>>(entry.metadata, {});
    delete metadata[DOCUMENT_REASON_KEY];
    db.prepare(
      `UPDATE entries SET status = ?, purchase_amount_desired = ?, purpose = ?,
         account_activity_statement_confirmation_status = ?, financial_statement_confirmation_status = ?,
         description_of_inadequate_document = '', metadata = ?, updated_at = ? WHERE id = ?`,
    ).run(
      EntryStatus.under_review,
      input.purchase_amount_desired ?? entry.purchase_amount_desired,
      input.purpose ?? entry.purpose,
      withdrawalStatus,
      financialStatus,
      JSON.stringify(metadata),
      at,
      entry.id,
    );
    const answer = serializeEntry(db, findEntry(db, entry.id)!);
    if (key.value !== null) {
      db.prepare(
        "INSERT INTO entry_review_keys (entry_id, idempotency_key, answer, created_at) VALUES (?, ?, ?, ?)",
      ).run(entry.id, key.value, JSON.stringify(answer), at);
    }
    return { replayed: false, answer };
  });
}

const CLAIM_FIELD_COLUMNS: readonly (keyof ClaimFields)[] = [
  "obliger_company_name",
  "houjinbangou",
  "houjinbangou_address",
  "amount",
  "scheduled_deposit_amount_from_obliger",
  "obliger_payment_date",
  "is_fixed_debt",
  "is_bank_transfer_from_obliger",
];

function updateClaimFields(db: Db, claimId: number, fields: Partial<ClaimFields>): void {
  const columns = CLAIM_FIELD_COLUMNS.filter((column) => fields[column] !== undefined);
  if (columns.length === 0) return;
  const values = columns.map((column) => {
    const value = fields[column];
    return typeof value === "boolean" ? (value ? 1 : 0) : value;
  });
  // Column names come from the fixed list above, never from the body.
  db.prepare(`UPDATE claims SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE id = ?`).run(
    ...values,
    claimId,
  );
}

type ClaimStatusColumn = "invoice_confirmation_status" | "additional_doc_confirmation_status";

function setClaimColumn(db: Db, claimId: number, column: ClaimStatusColumn, value: number): void {
  db.prepare(`UPDATE claims SET ${column} = ? WHERE id = ?`).run(value, claimId);
}

/** Makes the files of a claim (or of the entry itself) exactly `ids`; answers the kinds newly added. */
function replaceFiles(db: Db, entryId: number, claimId: number | null, ids: readonly number[]): string[] {
  const current = filesOf(db, entryId, claimId);
  const wanted = new Set(ids);
  const remove = db.prepare("DELETE FROM entry_files WHERE entry_id = ? AND upload_id = ?");
  for (const file of current) if (!wanted.has(file.id)) remove.run(entryId, file.id);
  const had = new Set(current.map((file) => file.id));
  const added = ids.filter((id) => !had.has(id));
  const attach = db.prepare("INSERT INTO entry_files (entry_id, claim_id, upload_id) VALUES (?, ?, ?)");
  for (const id of added) attach.run(entryId, claimId, id);
  if (added.length === 0) return [];
  const rows = db
    .prepare(`SELECT kind FROM uploads WHERE id IN (${added.map(() => "?").join(", ")})`)
    .all(...added) as { kind: string }[];
  return rows.map((row) => row.kind);
}

/**
 * Why the entry may not be contracted today, in the words of app/domain/contract-refusal.ts (a bought
 * claim's deadline that has come, the owner's identity); null when it may. The user's call and the
 * operator's mark-contracted both ask it.
 */
export function contractTermRefusal(
  entry: EntryRow,
  claims: readonly ClaimRow[],
  owner: Pick<UserRow, "identity_confirmation" | "identity_valid_date">,
  now: Date,
): string | null {
  return (
    contractRefusal({ status: entry.status, claims }, owner, dateJst(now), returnDateCalendar(claims))
      ?.message ?? null
  );
}

/**
 * POST /api/entries/{id}/contract/: the user agrees to the contract online. Only a reviewed entry
 * with at least one can_buy claim, the contract rule allowing it today; its can_buy claims become contracted.
 */
export function contractEntry(db: Db, user: UserRow, entryId: number, body: unknown, now: Date): EntryRow {
  return inTransaction(db, () => {
    const entry = requireOwnEntry(db, user.id, entryId);
    const claims = claimsOfEntry(db, entry.id);
    const canBuy = claims.some((claim) => claim.status === ClaimStatus.can_buy);
    if (entry.status !== EntryStatus.reviewed || !canBuy)
      throw nonFieldError(TransitionMessage.notContractable);
    const refusal = contractTermRefusal(entry, claims, user, now);
    if (refusal) throw nonFieldError(refusal);
    if (!isPlainObject(body)) {
      throw validationError({ non_field_errors: [DrfMessage.notAnObject(pythonTypeName(body))] });
    }
    if (body.agreed !== true) {
      const wrongType = body.agreed !== undefined && body.agreed !== null && typeof body.agreed !== "boolean";
      throw validationError({
        agreed: [wrongType ? DrfMessage.invalidBoolean : TransitionMessage.agreementRequired],
      });
    }
    markContracted(db, entry.id, now);
    return findEntry(db, entry.id)!;
  });
}

/**
 * Entry contracted (§4 4), its can_buy claims contracted; shared with the operator's mark-contracted.
 * Each contracted claim's return_date is the deadline for the debtor's payment date (returnDeadline):
 * the debtor still pays the user, who forwards that money to the provider by then.
 */
export function markContracted(db: Db, entryId: number, now: Date): void {
  const at = isoJst(now);
  db.prepare("UPDATE entries SET status = ?, contracted_at = ?, updated_at = ? WHERE id = ?").run(
    EntryStatus.contracted,
    at,
    at,
    entryId,
  );
  const bought = claimsOfEntry(db, entryId).filter((claim) => claim.status === ClaimStatus.can_buy);
  const calendar = returnDateCalendar(bought);
  const contract = db.prepare("UPDATE claims SET status = ?, return_date = ?, updated_at = ? WHERE id = ?");
  for (const claim of bought) {
    const deadline = returnDeadline(claim.return_date ?? claim.obliger_payment_date, calendar);
    contract.run(ClaimStatus.contracted, deadline, at, claim.id);
  }
}

/**
 * POST /api/entries/{id}/cancel/: §4 "Cancellable only while under_review, inadequate or reviewed."
 * The entry is archived; its claims still open (under review, inadequate, can_buy) are cancelled.
 * A cannot_buy claim keeps the operator's decision.
 */
export function cancelEntry(db: Db, user: UserRow, entryId: number, now: Date): EntryRow {
  return inTransaction(db, () => {
    const entry = requireOwnEntry(db, user.id, entryId);
    if (!isEntryCancellable(entry.status)) throw nonFieldError(TransitionMessage.notCancellable);
    const at = isoJst(now);
    db.prepare("UPDATE entries SET status = ?, cancelled_at = ?, updated_at = ? WHERE id = ?").run(
      EntryStatus.archived,
      at,
      at,
      entry.id,
    );
    db.prepare(
      "UPDATE claims SET status = ?, cancelled_at = ?, updated_at = ? WHERE entry_id = ? AND status IN (?, ?, ?)",
    ).run(
      ClaimStatus.cancel,
      at,
      at,
      entry.id,
      ClaimStatus.under_review,
      ClaimStatus.inadequate,
      ClaimStatus.can_buy,
    );
    return findEntry(db, entry.id)!;
  });
}

const isPastReview = (claim: ClaimRow) =>
  (CLAIM_STATUSES_AFTER_REVIEW as readonly number[]).includes(claim.status);

/** What description_of_inadequate_document says: the document reason and each inadequate claim's. */
function describeInadequacy(entry: EntryRow, claims: ClaimRow[]): string {
  const lines: string[] = [];
  const documentReason = parseJson<Record<string, unknown>>(entry.metadata, {})[DOCUMENT_REASON_KEY];
  if (typeof documentReason === "string" && documentReason) lines.push(documentReason);
  for (const claim of claims) {
    if (claim.status === ClaimStatus.inadequate) {
      lines.push(`請求書${claim.position}: ${claim.inadequate_reason || "書類に不備があります。"}`);
    }
  }
  return lines.join("\n");
}

/**
 * A completed review has looked at the entry's financial and withdrawal documents too: each one the
 * entry holds files of is confirmed (never inadequate here: that would have made the entry inadequate).
 * A document not sent with the entry keeps its status (提出なし), for nothing was confirmed.
 */
function confirmEntryDocuments(db: Db, entry: EntryRow): void {
  const groups = new Set(filesOf(db, entry.id, null).map((file) => documentGroupOf(file.kind)));
  const confirmed = (status: number, held: boolean) => (held ? ReviewStatus.confirmed : status);
  db.prepare(
    `UPDATE entries SET financial_statement_confirmation_status = ?,
       account_activity_statement_confirmation_status = ? WHERE id = ?`,
  ).run(
    confirmed(entry.financial_statement_confirmation_status, groups.has("financial_statements")),
    confirmed(entry.account_activity_statement_confirmation_status, groups.has("withdrawals_detail")),
    entry.id,
  );
}

/**
 * The status an entry before contract takes from its reviews: any inadequate claim or document →
 * inadequate (2); else every claim past review → reviewed (3) if one can be bought, archived (6)
 * with rejected_at if none can, its documents confirmed either way; else under_review (1). Entries already contracted or archived are
 * left alone. Answers the status the entry now has.
 */
export function deriveEntryStatus(db: Db, entryId: number, now: Date): number {
  const entry = findEntry(db, entryId)!;
  if (
    ![EntryStatus.under_review, EntryStatus.inadequate, EntryStatus.reviewed].includes(
      entry.status as 1 | 2 | 3,
    )
  ) {
    return entry.status;
  }
  const claims = claimsOfEntry(db, entryId);
  const at = isoJst(now);
  const documentsInadequate =
    entry.account_activity_statement_confirmation_status === ReviewStatus.inadequate ||
    entry.financial_statement_confirmation_status === ReviewStatus.inadequate;
  if (documentsInadequate || claims.some((claim) => claim.status === ClaimStatus.inadequate)) {
    db.prepare(
      "UPDATE entries SET status = ?, description_of_inadequate_document = ?, updated_at = ? WHERE id = ?",
    ).run(EntryStatus.inadequate, describeInadequacy(entry, claims), at, entryId);
    return EntryStatus.inadequate;
  }
  if (claims.length > 0 && claims.every(isPastReview)) {
    confirmEntryDocuments(db, entry);
    if (claims.some((claim) => claim.status === ClaimStatus.can_buy)) {
      db.prepare(
        "UPDATE entries SET status = ?, reviewed_at = ?, description_of_inadequate_document = '', updated_at = ? WHERE id = ?",
      ).run(EntryStatus.reviewed, at, at, entryId);
      return EntryStatus.reviewed;
    }
    db.prepare(
      "UPDATE entries SET status = ?, rejected_at = ?, description_of_inadequate_document = '', updated_at = ? WHERE id = ?",
    ).run(EntryStatus.archived, at, at, entryId);
    return EntryStatus.archived;
  }
  db.prepare(
    "UPDATE entries SET status = ?, description_of_inadequate_document = '', updated_at = ? WHERE id = ?",
  ).run(EntryStatus.under_review, at, entryId);
  return EntryStatus.under_review;
}
