// The entries of §7: GET /api/entries/ (My page and the §4 rules), POST /api/entries/ (the submit of
// the wizard), and the delay and permission settings (contract addition GET /api/entry_permission/).

import { z } from "zod";
import type { EntryBody } from "~/domain/entry-body";
import type { EntrySummary } from "~/domain/new-entry";
import { EntryStatus } from "~/domain/statuses";
import { type AnswerSchema, UNREAD_ANSWER, nullAsAbsent, type UpstreamCaller } from "./client.server";
import { UpstreamValidationError } from "./errors.server";
import { uploadedFileSchema } from "./uploads.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";

/** The created entry (201, or 200 for a replay), as far as the app reads it. */
const createdEntrySchema = z.object({ id: z.number(), code: nullAsAbsent(z.string()) });

export type CreatedEntry = z.infer<typeof createdEntrySchema>;

/**
 * Creates the entry once. When the answer is lost, the lookup replays the same body with the same
 * idempotency_key: docs/upstream-api/entries.md, "a replay with an idempotency_key the same user already
 * used answers 200 with that entry, unchanged" (answered before validation, so the files the first call
 * attached do not fail it). A replay rather than GET /api/entries/: the list does not carry the key
 * (matching on amount and time would guess), and when the first request never reached the upstream the
 * replay makes the entry, still exactly once.
 */
export function submitEntry(ctx: UpstreamCaller, body: EntryBody): Promise<CreatedEntry> {
  const post = (options = {}) =>
    ctx.client.call("POST", "/api/entries/", { json: body, schema: createdEntrySchema, ...options });
  return writeOnce(
    () => post(),
    () => post(LOST_ANSWER_LOOKUP),
  );
}

/**
 * The entry a submit with `idempotencyKey` made, or null if none: the key alone is replayed.
 * docs/upstream-api/entries.md: a replay is answered 200 with that entry before the body is read; a key
 * not used yet goes on to validation, which a body without claims never passes (400, nothing made).
 * Asked only when the wizard's guard would refuse the submit (decision 0024).
 */
export async function findSubmittedEntry(
  ctx: UpstreamCaller,
  idempotencyKey: string,
): Promise<CreatedEntry | null> {
  try {
    return await ctx.client.call("POST", "/api/entries/", {
      json: { idempotency_key: idempotencyKey },
      schema: createdEntrySchema,
    });
  } catch (error) {
    if (error instanceof UpstreamValidationError) return null;
    throw error;
  }
}

/** §3 Entry and Claim: only the fields My page and the §4 rules read. */
const entryListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.number(),
  /** "decimal string without decimals"; null on an entry made without one. */
  purchase_amount_desired: z.union([z.string(), z.number()]).nullable(),
  created_at: z.string(),
  // The status for §4's rules; the dates and amounts for a return that falls due.
  claims: z.array(
    z.object({
      status: z.number(),
      return_date: z.string().nullish(),
      obliger_payment_date: z.string().nullish(),
      purchase_principal_amount: z.union([z.string(), z.number()]).nullish(),
      scheduled_deposit_amount_from_obliger: z.union([z.string(), z.number()]).nullish(),
      amount: z.union([z.string(), z.number()]).nullish(),
    }),
  ),
}) satisfies AnswerSchema<EntrySummary>;

export type EntryListItem = z.infer<typeof entryListItemSchema>;

/** §7 GET /api/entries/: the user's entries, newest first. */
export async function listEntries(ctx: UpstreamCaller): Promise<EntryListItem[]> {
  return ctx.client.call("GET", "/api/entries/", { schema: z.array(entryListItemSchema) });
}

/** Each flag may be absent: has_entry_permission_when_delayed then defaults to true (§9), the others false. */
const entryPermissionSchema = z.object({
  has_delay_claim: z
    .boolean()
    .nullish()
    .transform((flag) => flag === true),
  has_entry_permission_when_delayed: z
    .boolean()
    .nullish()
    .transform((flag) => flag !== false),
  can_edit_bank_account: z
    .boolean()
    .nullish()
    .transform((flag) => flag === true),
});

export type EntryPermission = z.infer<typeof entryPermissionSchema>;

/** GET /api/entry_permission/ (§7 "A later fetch of delay or permission settings: path not shown"). */
export function loadEntryPermission(ctx: UpstreamCaller): Promise<EntryPermission> {
  return ctx.client.call("GET", "/api/entry_permission/", { schema: entryPermissionSchema });
}

/** A date the upstream may leave out: null or absent is "not yet". */
const when = nullAsAbsent(z.string());
/** An amount: "decimal string without decimals" or a number; null when not set (before review). */
const amount = z.union([z.string(), z.number()]).nullish();

/**
 * §3 Entry with its claims, as GET /api/entries/{id}/ answers it: what the detail page shows. The
 * operator's words for what is inadequate come as the upstream gives them.
 */
const entryDetailSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.number(),
  purchase_amount_desired: amount,
  purpose: nullAsAbsent(z.string()),
  description_of_inadequate_document: nullAsAbsent(z.string()),
  financial_statement_confirmation_status: z.number().nullish(),
  account_activity_statement_confirmation_status: z.number().nullish(),
  created_at: z.string(),
  reviewed_at: when,
  contracted_at: when,
  transferred_at: when,
  transaction_completed_at: when,
  cancelled_at: when,
  rejected_at: when,
  addfiles: z.array(uploadedFileSchema).default([]),
  // §3 Bank account: where the purchase price is paid, as the withdrawal step gave it.
  bank_account: z
    .object({
      bank_name: nullAsAbsent(z.string()),
      branch_name: nullAsAbsent(z.string()),
      deposit_type: nullAsAbsent(z.string()),
      bank_account_number: nullAsAbsent(z.string()),
      account_holder_name: nullAsAbsent(z.string()),
    })
    .nullish(),
  claims: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      status: z.number(),
      invoice_confirmation_status: z.number().nullish(),
      additional_doc_confirmation_status: z.number().nullish(),
      obliger_company_name: nullAsAbsent(z.string()),
      // What a resubmission of an inadequate claim starts from (decision 0011).
      houjinbangou: nullAsAbsent(z.string()),
      houjinbangou_address: nullAsAbsent(z.string()),
      is_fixed_debt: z.boolean().nullish(),
      is_bank_transfer_from_obliger: z.boolean().nullish(),
      amount,
      scheduled_deposit_amount_from_obliger: amount,
      obliger_payment_date: when,
      // After contract (§3): the day the user forwards the debtor's payment to the provider, and when it was.
      return_date: when,
      returned_at: when,
      receive_payment_account: z
        .object({
          bank_name: nullAsAbsent(z.string()),
          deposit_type: nullAsAbsent(z.string()),
          bank_account_number: nullAsAbsent(z.string()),
          obliger_accounts: z.array(z.object({ holder_name: z.string() })).default([]),
        })
        .nullish(),
      inadequate_reason: nullAsAbsent(z.string()),
      // Set by the review (§3): the money on offer for the claim.
      purchase_principal_amount: amount,
      purchase_amount: amount,
      purchase_ratio: amount,
      purchase_fee: amount,
      purchase_fee_ratio: amount,
      bank_charge: amount,
      contentfiles: z.array(uploadedFileSchema).default([]),
    }),
  ),
});

export type EntryDetail = z.infer<typeof entryDetailSchema>;

/** §7 GET /api/entries/{id}/: one of the user's entries (another user's or a missing one is a 404). */
export function loadEntry(ctx: UpstreamCaller, id: string): Promise<EntryDetail> {
  return ctx.client.call("GET", `/api/entries/${id}/`, { schema: entryDetailSchema });
}

/**
 * A state-changing call on one entry whose answer may be lost (decision 0008): when it gets none, the entry
 * is read again and the change counts as made when `made` says so, so a lost answer neither reads as a
 * failure nor invites a second try. So too when the upstream refuses it (400) because the change was
 * just made: the first of two presses without JavaScript got there first (decision 0024).
 */
function changeEntryOnce(
  ctx: UpstreamCaller,
  id: string,
  call: () => Promise<unknown>,
  made: (entry: EntryDetail) => boolean,
): Promise<void> {
  return writeOnce(
    async () => {
      try {
        await call();
      } catch (error) {
        if (error instanceof UpstreamValidationError && made(await loadEntry(ctx, id))) return;
        throw error;
      }
    },
    async () => {
      const entry = await ctx.client.call("GET", `/api/entries/${id}/`, {
        schema: entryDetailSchema,
        ...LOST_ANSWER_LOOKUP,
      });
      return made(entry) ? undefined : null;
    },
  );
}

/** The cancel has been made: only the user's cancel sets cancelled_at, and it happens once. */
export const isCancelled = (entry: Pick<EntryDetail, "cancelled_at">) => entry.cancelled_at !== undefined;

/**
 * §7 POST /api/entries/{id}/cancel/ (§4 only under_review, inadequate or reviewed): the entry is
 * archived with cancelled_at; a 400 names why not (UpstreamValidationError), a 404 another user's.
 */
export function cancelEntry(ctx: UpstreamCaller, id: string): Promise<void> {
  return changeEntryOnce(
    ctx,
    id,
    () => ctx.client.call("POST", `/api/entries/${id}/cancel/`, { schema: UNREAD_ANSWER }),
    isCancelled,
  );
}

/** The contract has been made (the user's agreement, or the operator's mark-contracted): once per entry. */
export const isContracted = (entry: Pick<EntryDetail, "contracted_at">) => entry.contracted_at !== undefined;

/**
 * §7 POST /api/entries/{id}/contract/: the user agrees to the contract online; only a
 * reviewed entry with a can_buy claim (a 400 names why not, UpstreamValidationError), a 404 another
 * user's. The body is the upstream's {agreed: true}.
 */
export function contractEntry(ctx: UpstreamCaller, id: string): Promise<void> {
  return changeEntryOnce(
    ctx,
    id,
    () =>
      ctx.client.call("POST", `/api/entries/${id}/contract/`, {
        json: { agreed: true },
        schema: UNREAD_ANSWER,
      }),
    isContracted,
  );
}

/** §7 POST /api/entries/{id}/review/: what a resubmission sends (docs/upstream-api/entries.md). */
export interface ResubmissionBody {
  claims: ({ id: number; contentfiles: number[] } & Record<string, unknown>)[];
  addfiles?: number[];
}

/**
 * §7 POST /api/entries/{id}/review/ (decision 0011): the user resubmits what the operator found
 * inadequate; only an inadequate entry (a 400 names why not, UpstreamValidationError, with field errors
 * per claim as for a create), a 404 another user's. A lost answer counts as made once the entry is no
 * longer inadequate.
 */
export function resubmitEntry(ctx: UpstreamCaller, id: string, body: ResubmissionBody): Promise<void> {
  return changeEntryOnce(
    ctx,
    id,
    () => ctx.client.call("POST", `/api/entries/${id}/review/`, { json: body, schema: UNREAD_ANSWER }),
    (entry) => entry.status !== EntryStatus.inadequate,
  );
}
