// The entry, claim and entry-file rows and the queries every entry module shares. An entry is
// always looked up within its owner's entries (DRF's get_object_or_404 on the user's queryset).

import type { Db } from "../db/database";
import { notFound } from "../http/errors";
import type { UploadRow } from "../uploads-store";

export interface EntryRow {
  id: number;
  user_id: number;
  code: string;
  status: number;
  account_activity_statement_confirmation_status: number;
  financial_statement_confirmation_status: number;
  channel_type: string;
  purchase_amount_desired: string;
  purpose: string;
  description_of_inadequate_document: string;
  bank_account: string | null;
  /** JSON: the statement accounts as typed (a contract addition). */
  banks: string;
  metadata: string;
  draft_entry_id: number | null;
  contract_period: string | null;
  idempotency_key: string | null;
  contracted_at: string | null;
  transferred_at: string | null;
  cancelled_at: string | null;
  reviewed_at: string | null;
  rejected_at: string | null;
  transaction_completed_at: string | null;
  auto_rejection_started_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClaimRow {
  id: number;
  entry_id: number;
  position: number;
  code: string;
  status: number;
  invoice_confirmation_status: number;
  additional_doc_confirmation_status: number;
  obliger_company_name: string;
  houjinbangou: string;
  houjinbangou_address: string;
  amount: number;
  scheduled_deposit_amount_from_obliger: number;
  purchase_principal_amount: number | null;
  purchase_amount: number | null;
  purchase_ratio: string | null;
  purchase_fee: number | null;
  purchase_fee_ratio: string | null;
  bank_charge: number | null;
  obliger_payment_date: string;
  is_fixed_debt: number | null;
  is_bank_transfer_from_obliger: number | null;
  receive_payment_account: string | null;
  inadequate_reason: string;
  metadata: string;
  return_date: string | null;
  returned_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export function findEntry(db: Db, id: number): EntryRow | null {
  return (db.prepare("SELECT * FROM entries WHERE id = ?").get(id) as EntryRow | undefined) ?? null;
}

/** The user's entry, or 404 for a missing entry and for another user's entry alike. */
export function requireOwnEntry(db: Db, userId: number, id: number): EntryRow {
  const entry = db.prepare("SELECT * FROM entries WHERE id = ? AND user_id = ?").get(id, userId) as
    EntryRow | undefined;
  if (!entry) throw notFound();
  return entry;
}

export function entriesOfUser(db: Db, userId: number): EntryRow[] {
  return db.prepare("SELECT * FROM entries WHERE user_id = ? ORDER BY id DESC").all(userId) as EntryRow[];
}

export function findClaim(db: Db, id: number): ClaimRow | null {
  return (db.prepare("SELECT * FROM claims WHERE id = ?").get(id) as ClaimRow | undefined) ?? null;
}

export function claimsOfEntry(db: Db, entryId: number): ClaimRow[] {
  return db.prepare("SELECT * FROM claims WHERE entry_id = ? ORDER BY position").all(entryId) as ClaimRow[];
}

/** Files attached to one claim (contentfiles), or to the entry itself when claimId is null (addfiles). */
export function filesOf(db: Db, entryId: number, claimId: number | null): UploadRow[] {
  return db
    .prepare(
      `SELECT uploads.* FROM entry_files JOIN uploads ON uploads.id = entry_files.upload_id
        WHERE entry_files.entry_id = ? AND entry_files.claim_id IS ?
        ORDER BY uploads.id`,
    )
    .all(entryId, claimId) as UploadRow[];
}

export function uploadsByIds(db: Db, ids: readonly number[]): Map<number, UploadRow> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(`SELECT * FROM uploads WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .all(...ids) as UploadRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The entry each given upload is attached to (uploads attached to none are absent from the map). */
export function attachmentsOf(db: Db, ids: readonly number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT upload_id, entry_id FROM entry_files WHERE upload_id IN (${ids.map(() => "?").join(", ")})`,
    )
    .all(...ids) as { upload_id: number; entry_id: number }[];
  return new Map(rows.map((row) => [row.upload_id, row.entry_id]));
}
