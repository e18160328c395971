// POST /api/entries/ as one transaction: the entry, its claims (positions 1..n), the files attached
// to each, and the user's draft discarded. A replay with the same idempotency key gives back the
// entry the first call created (ARCHITECTURE §3: a replayed submit never creates a second).

import { ClaimStatus, EntryStatus, ReviewStatus } from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { validationError } from "../http/errors";
import { newUrlToken } from "../auth/tokens";
import { isoJst } from "../time";
import type { UserRow } from "../users";
import { reasonsNotToCreateEntry } from "./eligibility";
import { readIdempotencyKey } from "./entry-input";
import { type NewEntryInput, validateNewEntry } from "./new-entry-input";
import { type EntryRow, findEntry } from "./rows";
import { UploadRefChecker } from "./upload-refs";

/** "E" and the id, zero-padded to six digits: readable on the phone and unique with the id. */
export const entryCode = (id: number) => `E${String(id).padStart(6, "0")}`;
/** The entry's code and the claim's 1-based position (§3 displayId). */
export const claimCode = (entryCode: string, position: number) => `${entryCode}-${position}`;

/** The id an entry code was made from (entryCode's inverse); null for text no id gives. */
export function entryIdOfCode(code: string): number | null {
  const match = /^E(\d{6,16})$/.exec(code);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && entryCode(id) === code ? id : null;
}

/** The entry id and claim position a claim code was made from (claimCode's inverse); null otherwise. */
export function claimPlaceOfCode(code: string): { entryId: number; position: number } | null {
  const match = /^(E\d+)-([1-9]\d{0,3})$/.exec(code);
  const entryId = match ? entryIdOfCode(match[1]!) : null;
  return entryId === null ? null : { entryId, position: Number(match![2]) };
}

export type CreateOutcome = { created: true; entry: EntryRow } | { created: false; entry: EntryRow };

function findByIdempotencyKey(db: Db, userId: number, key: string | null): EntryRow | null {
  if (key === null) return null;
  return (
    (db.prepare("SELECT * FROM entries WHERE user_id = ? AND idempotency_key = ?").get(userId, key) as
      EntryRow | undefined) ?? null
  );
}

/**
 * Validates and creates, all inside one write transaction, so two concurrent submissions of one
 * user cannot both pass the §4 checks and nothing is half-written when a step fails.
 */
export function createEntry(db: Db, user: UserRow, body: unknown, now: Date): CreateOutcome {
  return inTransaction(db, () => {
    // A replay is answered before validation: its files now belong to the entry it created.
    const key = readIdempotencyKey(body);
    const replayed = key.ok ? findByIdempotencyKey(db, user.id, key.value) : null;
    if (replayed) return { created: false, entry: replayed };

    const validated = validateNewEntry(body, new UploadRefChecker(db, user.id));
    if (!validated.ok) throw validationError(validated.errors);

    const reasons = reasonsNotToCreateEntry(db, user);
    if (reasons.length > 0) throw validationError({ non_field_errors: reasons });

    const entry = insertEntry(db, user.id, validated.value, now);
    return { created: true, entry };
  });
}

function insertEntry(db: Db, userId: number, input: NewEntryInput, now: Date): EntryRow {
  const at = isoJst(now);
  const draft = db.prepare("SELECT id FROM draft_entries WHERE user_id = ?").get(userId) as
    { id: number } | undefined;
  // The code needs the id; a unique placeholder holds the NOT NULL UNIQUE column until then.
  const inserted = db
    .prepare(
      `INSERT INTO entries (user_id, code, status, account_activity_statement_confirmation_status,
         financial_statement_confirmation_status, purchase_amount_desired, purpose, bank_account,
         banks, draft_entry_id, idempotency_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      userId,
      `pending-${newUrlToken()}`,
      EntryStatus.under_review,
      ReviewStatus.nothing,
      ReviewStatus.nothing,
      input.purchase_amount_desired,
      input.purpose,
      input.bank_account ? JSON.stringify(input.bank_account) : null,
      JSON.stringify(input.banks),
      draft?.id ?? null,
      input.idempotency_key,
      at,
      at,
    );
  const entryId = Number(inserted.lastInsertRowid);
  const code = entryCode(entryId);
  db.prepare("UPDATE entries SET code = ? WHERE id = ?").run(code, entryId);

  const insertClaim = db.prepare(
    `INSERT INTO claims (entry_id, position, code, status, invoice_confirmation_status,
       additional_doc_confirmation_status, obliger_company_name, houjinbangou, houjinbangou_address, amount,
       scheduled_deposit_amount_from_obliger, obliger_payment_date, is_fixed_debt,
       is_bank_transfer_from_obliger, receive_payment_account, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const attach = db.prepare("INSERT INTO entry_files (entry_id, claim_id, upload_id) VALUES (?, ?, ?)");
  const asFlag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

  input.claims.forEach((claim, index) => {
    const position = index + 1;
    // §4 "Confirmation statuses for invoice, additional documents … start as nothing."
    const claimId = Number(
      insertClaim.run(
        entryId,
        position,
        claimCode(code, position),
        ClaimStatus.under_review,
        ReviewStatus.nothing,
        ReviewStatus.nothing,
        claim.obliger_company_name,
        claim.houjinbangou,
        claim.houjinbangou_address,
        claim.amount,
        claim.scheduled_deposit_amount_from_obliger,
        claim.obliger_payment_date,
        asFlag(claim.is_fixed_debt),
        asFlag(claim.is_bank_transfer_from_obliger),
        JSON.stringify(claim.receive_payment_account),
        at,
        at,
      ).lastInsertRowid,
    );
    for (const uploadId of claim.contentfiles) attach.run(entryId, claimId, uploadId);
  });
  for (const uploadId of input.addfiles) attach.run(entryId, null, uploadId);

  // The draft has become this entry (ARCHITECTURE §4).
  if (draft) db.prepare("DELETE FROM draft_entries WHERE id = ?").run(draft.id);
  return findEntry(db, entryId)!;
}
