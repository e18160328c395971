// §3 Draft entry (ARCHITECTURE §4: the wizard's state lives on the upstream): one draft per
// user, read whole, saved a step at a time (top-level keys merged), discarded on submit or on
// request. A draft is incomplete by nature, so only types and sizes are checked, never completeness.

import { MAX_CLAIMS_PER_ENTRY } from "../../app/domain/enumerations";
import { FINANCIAL_FIELDS } from "../../app/domain/financial-step";
import { DRAFT_KEYS } from "../../app/domain/draft-schema";
import type { FieldTable } from "../../app/domain/form-fields";
import { CLAIM_FIELDS, INVOICE_FIELDS, RECEIVE_ACCOUNT_FIELDS } from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import { DRAFT_TEXT_MAX_LENGTH, MAX_HOLDER_NAMES } from "../../app/domain/upstream-limits";
import { BANK_ACCOUNT_FIELDS, MAX_STATEMENTS, STATEMENT_FIELDS } from "../../app/domain/withdrawal-step";
import { type Db, inTransaction } from "../db/database";
import { DrfMessage, validationError } from "../http/errors";
import { isoJst } from "../time";
import { parseJson } from "../users";
import { parseUploadIdList } from "./entry-input";
import { ExtraMessage, isPlainObject, pythonTypeName } from "./fields";
import { foreignUploadIds } from "./upload-refs";

export const DraftMessage = {
  tooManyBanks: `登録できる口座は${MAX_STATEMENTS}個までです。`,
  notText: "有効な文字列を入力してください。",
  notNumberOrText: "数値か文字列を入力してください。",
} as const;

/** The top-level keys of a draft (§3 Draft entry); anything else in a body is ignored. */
export { DRAFT_KEYS };
type DraftKey = (typeof DRAFT_KEYS)[number];
export type DraftData = Partial<Record<DraftKey, unknown>>;

export function emptyDraft(): Record<DraftKey, unknown> {
  return {
    purchase_amount_desired: null,
    purpose: null,
    claims: [],
    can_submit_financial_statements: null,
    tax_return_submissions: null,
    includes_sga_expenses: null,
    banks: [],
    bank_account: null,
  };
}

interface DraftRow {
  id: number;
  user_id: number;
  data: string;
  created_at: string;
  updated_at: string;
}

// ---- readers: a value in, the stored value or DRF-shaped errors out ----

type Read = { ok: true; value: unknown } | { ok: false; error: unknown };
type Reader = (value: unknown) => Read;

const good = (value: unknown): Read => ({ ok: true, value });
const bad = (message: string): Read => ({ ok: false, error: [message] });

const text: Reader = (value) => {
  if (value === null) return good(null);
  if (typeof value !== "string") return bad(DraftMessage.notText);
  return [...value].length > DRAFT_TEXT_MAX_LENGTH
    ? bad(DrfMessage.maxLength(DRAFT_TEXT_MAX_LENGTH))
    : good(value);
};

/** An amount as typed: a number, or the text of the field (it may still be "1,000" or ""). */
const amount: Reader = (value) => {
  if (typeof value === "number") {
    return Number.isFinite(value) && Math.abs(value) <= 1e15 ? good(value) : bad(DrfMessage.invalidNumber);
  }
  return typeof value === "string" || value === null ? text(value) : bad(DraftMessage.notNumberOrText);
};

const flag: Reader = (value) =>
  value === null || typeof value === "boolean" ? good(value) : bad(DrfMessage.invalidBoolean);

/** One of `choices`, or null / "" for "not chosen yet". */
const choice =
  (choices: readonly string[]): Reader =>
  (value) => {
    if (value === null || value === "") return good(null);
    if (typeof value === "string" && choices.includes(value)) return good(value);
    return bad(DrfMessage.invalidChoice(typeof value === "string" ? value : JSON.stringify(value)));
  };

const object =
  (schema: Record<string, Reader>): Reader =>
  (value) => {
    if (value === null) return good(null);
    if (!isPlainObject(value)) return bad(DrfMessage.notAnObject(pythonTypeName(value)));
    const out: Record<string, unknown> = {};
    const errors: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(schema)) {
      if (value[key] === undefined) continue;
      const read = reader(value[key]);
      if (read.ok) out[key] = read.value;
      else errors[key] = read.error;
    }
    return Object.keys(errors).length ? { ok: false, error: errors } : good(out);
  };

const list =
  (item: Reader, max: number, tooMany: string): Reader =>
  (value) => {
    if (value === null) return good([]);
    if (!Array.isArray(value)) return bad(DrfMessage.notAList(pythonTypeName(value)));
    if (value.length > max) return bad(tooMany);
    const reads = value.map(item);
    if (reads.every((read) => read.ok)) return good(reads.map((read) => (read as { value: unknown }).value));
    return { ok: false, error: reads.map((read) => (read.ok ? {} : read.error)) };
  };

/** The readers of a form's fields, from the app's table: the same keys, the same choices. */
const tableReaders = (table: FieldTable): Record<string, Reader> =>
  Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [
      name,
      spec.kind === "choice" ? choice(spec.choices) : { text, flag, amount }[spec.kind],
    ]),
  );

function draftReaders(db: Db, userId: number): Record<DraftKey, Reader> {
  // Upload ids must be the user's own; the draft may still hold files of any kind.
  const uploadIds: Reader = (value) => {
    if (value === null) return good([]);
    const ids = parseUploadIdList(value);
    if (!ids.ok) return bad(ids.message);
    const foreign = foreignUploadIds(db, userId, ids.value);
    if (foreign.length) return { ok: false, error: foreign.map(ExtraMessage.pkDoesNotExist) };
    return good([...new Set(ids.value)]);
  };
  const claim = object({
    ...tableReaders(CLAIM_FIELDS),
    receive_payment_account: object({
      ...tableReaders(RECEIVE_ACCOUNT_FIELDS),
      obliger_accounts: list(
        object({ holder_name: text }),
        MAX_HOLDER_NAMES,
        ExtraMessage.maxItems(MAX_HOLDER_NAMES),
      ),
    }),
    contentfile_relations: uploadIds,
  });
  return {
    ...(tableReaders(INVOICE_FIELDS) as Record<keyof typeof INVOICE_FIELDS, Reader>),
    // §5 "Maximum 5 invoices per entry": a draft cannot hold a sixth either.
    claims: list(claim, MAX_CLAIMS_PER_ENTRY, ValidationMessage.tooManyClaims),
    ...(tableReaders(FINANCIAL_FIELDS) as Record<keyof typeof FINANCIAL_FIELDS, Reader>),
    banks: list(
      object({ ...tableReaders(STATEMENT_FIELDS), contentfile_relations: uploadIds }),
      MAX_STATEMENTS,
      DraftMessage.tooManyBanks,
    ),
    bank_account: object(tableReaders(BANK_ACCOUNT_FIELDS)),
  };
}

/**
 * Reads the keys a PATCH gives. A sixth claim answers {"non_field_errors": [§5 message]}, as
 * POST /api/entries/ does; other errors sit on their fields.
 */
export function validateDraftPatch(db: Db, userId: number, body: unknown): DraftData {
  if (!isPlainObject(body)) {
    throw validationError({ non_field_errors: [DrfMessage.notAnObject(pythonTypeName(body))] });
  }
  if (Array.isArray(body.claims) && body.claims.length > MAX_CLAIMS_PER_ENTRY) {
    throw validationError({ non_field_errors: [ValidationMessage.tooManyClaims] });
  }
  const readers = draftReaders(db, userId);
  const data: DraftData = {};
  const errors: Record<string, unknown> = {};
  for (const key of DRAFT_KEYS) {
    if (body[key] === undefined) continue;
    const read = readers[key](body[key]);
    if (read.ok) data[key] = read.value;
    else errors[key] = read.error;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return data;
}

function findDraft(db: Db, userId: number): DraftRow | null {
  return (
    (db.prepare("SELECT * FROM draft_entries WHERE user_id = ?").get(userId) as DraftRow | undefined) ?? null
  );
}

/** Upload ids in a stored draft that are no longer the user's (a file deleted since) are left out. */
function withLiveUploads(db: Db, userId: number, data: Record<string, unknown>): Record<string, unknown> {
  const live = new Set(
    (db.prepare("SELECT id FROM uploads WHERE user_id = ?").all(userId) as { id: number }[]).map(
      (row) => row.id,
    ),
  );
  const prune = (items: unknown) =>
    Array.isArray(items)
      ? items.map((item) =>
          isPlainObject(item) && Array.isArray(item.contentfile_relations)
            ? {
                ...item,
                contentfile_relations: item.contentfile_relations.filter((id) => live.has(id as number)),
              }
            : item,
        )
      : items;
  return { ...data, claims: prune(data.claims), banks: prune(data.banks) };
}

/** GET /api/draft_entry/: the draft, or the empty default (never 404). */
export function readDraft(db: Db, userId: number) {
  const row = findDraft(db, userId);
  const stored = row ? parseJson<Record<string, unknown>>(row.data, {}) : {};
  const data = withLiveUploads(db, userId, { ...emptyDraft(), ...stored });
  return { id: row?.id ?? null, ...data, updated_at: row?.updated_at ?? null };
}

/** PATCH /api/draft_entry/: the given top-level keys replace the stored ones; the rest stay. */
export function saveDraft(db: Db, userId: number, body: unknown, now: Date) {
  return inTransaction(db, () => {
    const patch = validateDraftPatch(db, userId, body);
    const row = findDraft(db, userId);
    const at = isoJst(now);
    const merged = { ...(row ? parseJson<Record<string, unknown>>(row.data, {}) : {}), ...patch };
    if (row) {
      db.prepare("UPDATE draft_entries SET data = ?, updated_at = ? WHERE id = ?").run(
        JSON.stringify(merged),
        at,
        row.id,
      );
    } else {
      db.prepare("INSERT INTO draft_entries (user_id, data, created_at, updated_at) VALUES (?, ?, ?, ?)").run(
        userId,
        JSON.stringify(merged),
        at,
        at,
      );
    }
    return readDraft(db, userId);
  });
}

export function deleteDraft(db: Db, userId: number): void {
  inTransaction(db, () => db.prepare("DELETE FROM draft_entries WHERE user_id = ?").run(userId));
}
