// §7 entries, and the delay and permission settings (contract addition GET /api/entry_permission/).

import { z } from "zod";
import type { EntryBody } from "~/domain/entry-body";
import type { EntrySummary } from "~/domain/new-entry";
import { EntryStatus } from "~/domain/statuses";
import {
  type AnswerSchema,
  type CallOptions,
  UNREAD_ANSWER,
  nullAsAbsent,
  type UpstreamCaller,
} from "./client.server";
import { whenRefused } from "./errors.server";
import { uploadedFileSchema } from "./uploads.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";

const createdEntrySchema = z.object({ id: z.number(), code: nullAsAbsent(z.string()) });

export type CreatedEntry = z.infer<typeof createdEntrySchema>;

// A lost answer replays the same body and idempotency_key, answered 200 with the entry already made
// (docs/upstream-api/entries.md): the list does not carry the key, and matching on amounts would guess.
export function submitEntry(ctx: UpstreamCaller, body: EntryBody): Promise<CreatedEntry> {
  const post = (options = {}) =>
    ctx.client.call("POST", "/api/entries/", { json: body, schema: createdEntrySchema, ...options });
  return writeOnce(
    () => post(),
    () => post(LOST_ANSWER_LOOKUP),
  );
}

// The key alone: a used one is answered 200 with its entry, a new one fails validation and makes
// nothing. Asked only when the wizard's guard would refuse the submit (decision 0024).
export async function findSubmittedEntry(
  ctx: UpstreamCaller,
  idempotencyKey: string,
): Promise<CreatedEntry | null> {
  return whenRefused(
    () =>
      ctx.client.call("POST", "/api/entries/", {
        json: { idempotency_key: idempotencyKey },
        schema: createdEntrySchema,
      }),
    () => null,
  );
}

/** §3 Entry bank_account: the payout account the entry named. */
const payoutAccountSchema = z
  .object({
    bank_name: nullAsAbsent(z.string()),
    branch_name: nullAsAbsent(z.string()),
    deposit_type: nullAsAbsent(z.string()),
    bank_account_number: nullAsAbsent(z.string()),
    account_holder_name: nullAsAbsent(z.string()),
  })
  .nullish();

/** §3 Entry and Claim: only the fields My page, the §4 rules and /profile's payout account read. */
const entryListItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.number(),
  purchase_amount_desired: z.union([z.string(), z.number()]).nullable(),
  created_at: z.string(),
  bank_account: payoutAccountSchema,
  transaction_completed_at: z.string().nullish(),
  cancelled_at: z.string().nullish(),
  rejected_at: z.string().nullish(),
  claims: z.array(
    z.object({
      status: z.number(),
      obliger_company_name: nullAsAbsent(z.string()),
      cancelled_at: z.string().nullish(),
      return_date: z.string().nullish(),
      obliger_payment_date: z.string().nullish(),
      purchase_principal_amount: z.union([z.string(), z.number()]).nullish(),
      scheduled_deposit_amount_from_obliger: z.union([z.string(), z.number()]).nullish(),
      amount: z.union([z.string(), z.number()]).nullish(),
    }),
  ),
}) satisfies AnswerSchema<EntrySummary>;

export type EntryListItem = z.infer<typeof entryListItemSchema>;

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

export function loadEntryPermission(ctx: UpstreamCaller): Promise<EntryPermission> {
  return ctx.client.call("GET", "/api/entry_permission/", { schema: entryPermissionSchema });
}

const when = nullAsAbsent(z.string());
const amount = z.union([z.string(), z.number()]).nullish();

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
  /** A contract addition: the statement accounts as typed, with their files (else the Nth's end in -N). */
  banks: z
    .array(
      z.object({
        bank_name: nullAsAbsent(z.string()),
        bank_account_number: nullAsAbsent(z.string()),
        file_format: nullAsAbsent(z.string()),
        contentfiles: z.array(z.number()).nullish(),
      }),
    )
    .nullish(),
  bank_account: payoutAccountSchema,
  claims: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      status: z.number(),
      invoice_confirmation_status: z.number().nullish(),
      additional_doc_confirmation_status: z.number().nullish(),
      obliger_company_name: nullAsAbsent(z.string()),
      houjinbangou: nullAsAbsent(z.string()),
      houjinbangou_address: nullAsAbsent(z.string()),
      is_fixed_debt: z.boolean().nullish(),
      is_bank_transfer_from_obliger: z.boolean().nullish(),
      amount,
      scheduled_deposit_amount_from_obliger: amount,
      obliger_payment_date: when,
      return_date: when,
      returned_at: when,
      cancelled_at: when,
      receive_payment_account: z
        .object({
          bank_name: nullAsAbsent(z.string()),
          deposit_type: nullAsAbsent(z.string()),
          bank_account_number: nullAsAbsent(z.string()),
          obliger_accounts: z.array(z.object({ holder_name: z.string() })).default([]),
        })
        .nullish(),
      inadequate_reason: nullAsAbsent(z.string()),
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

export function loadEntry(ctx: UpstreamCaller, id: string): Promise<EntryDetail> {
  return ctx.client.call("GET", `/api/entries/${id}/`, { schema: entryDetailSchema });
}

// A lost answer re-reads the entry (decision 0008); a 400 because the change was just made by a first
// press counts as made too (decision 0024).
function changeEntryOnce(
  ctx: UpstreamCaller,
  id: string,
  call: () => Promise<unknown>,
  made: (entry: EntryDetail) => boolean,
): Promise<void> {
  return writeOnce(
    async () => {
      await whenRefused(call, async (error) => {
        if (!made(await loadEntry(ctx, id))) throw error;
      });
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

export const isCancelled = (entry: Pick<EntryDetail, "cancelled_at">) => entry.cancelled_at !== undefined;

/** §4: only under review, inadequate or reviewed; a 400 names why not. */
export function cancelEntry(ctx: UpstreamCaller, id: string): Promise<void> {
  return changeEntryOnce(
    ctx,
    id,
    () => ctx.client.call("POST", `/api/entries/${id}/cancel/`, { schema: UNREAD_ANSWER }),
    isCancelled,
  );
}

export const isContracted = (entry: Pick<EntryDetail, "contracted_at">) => entry.contracted_at !== undefined;

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

export interface ResubmissionBody {
  claims: ({ id: number; contentfiles: number[] } & Record<string, unknown>)[];
  addfiles?: number[];
  /** The page's key (decision 0024): the upstream answers its replay with the first answer. */
  idempotency_key?: string;
}

/**
 * With its key, a second post is answered by the upstream's replay and a lost answer is asked by the
 * key (decision 0024); without one (a page drawn before keys), a lost answer counts as made once the
 * entry is no longer inadequate (decision 0011).
 */
export function resubmitEntry(ctx: UpstreamCaller, id: string, body: ResubmissionBody): Promise<void> {
  const post = () =>
    ctx.client.call("POST", `/api/entries/${id}/review/`, { json: body, schema: UNREAD_ANSWER });
  const key = body.idempotency_key;
  if (key === undefined) {
    return changeEntryOnce(ctx, id, post, (entry) => entry.status !== EntryStatus.inadequate);
  }
  return writeOnce(
    async () => {
      await post();
    },
    async () => ((await findResubmission(ctx, id, key, LOST_ANSWER_LOOKUP)) ? undefined : null),
  );
}

/**
 * Whether the entry took a resubmission under `idempotencyKey`: the key alone, which the upstream
 * answers 200 when it was used and refuses (400) otherwise, never resubmitting.
 */
export async function findResubmission(
  ctx: UpstreamCaller,
  id: string,
  idempotencyKey: string,
  options: Pick<CallOptions, "outsideDeadline" | "timeoutMs"> = {},
): Promise<boolean> {
  return whenRefused(
    async () => {
      await ctx.client.call("POST", `/api/entries/${id}/review/`, {
        json: { idempotency_key: idempotencyKey },
        schema: UNREAD_ANSWER,
        ...options,
      });
      return true;
    },
    () => false,
  );
}
