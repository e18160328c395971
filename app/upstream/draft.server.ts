// The draft entry on the upstream (contract addition, docs/upstream-api/entries.md): read once per
// page, and each step saves its own keys before moving on (ARCHITECTURE §4); and the user's
// files no entry holds yet, which the steps list beside it.

import { z } from "zod";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  CLAIM_DEPOSIT_TYPES,
  STATEMENT_FILE_FORMATS,
  TAX_RETURN_SUBMISSION_METHODS,
} from "~/domain/enumerations";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { oneAtATime } from "~/store/session-lock.server";
import { type AnswerSchema, UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import { uploadedFileSchema } from "./uploads.server";

/** Drafts keep incomplete input: any field may be null or absent ("the rest null"). */
const text = z.string().nullish();
/** "amounts a number or a string". */
const amount = z.union([z.number(), z.string()]).nullish();
const flag = z.boolean().nullish();
/** Upload ids; "upload ids no longer the user's are left out", so a list, possibly empty. */
const fileIds = z
  .array(z.number())
  .nullish()
  .transform((ids) => ids ?? []);

/**
 * §3 Draft entry as GET and PATCH /api/draft_entry/ answer it. Objects the steps send back whole
 * (claims, banks, the bank account) keep keys the app does not know, so a save never drops them; a
 * missing top-level key reads as the empty default.
 */
const draftEntrySchema = z
  .object({
    id: z.number().nullish().default(null),
    purchase_amount_desired: amount.default(null),
    purpose: text.default(null),
    claims: z
      .array(
        z
          .object({
            obliger_company_name: text,
            houjinbangou: text,
            houjinbangou_address: text,
            amount,
            scheduled_deposit_amount_from_obliger: amount,
            obliger_payment_date: text,
            is_fixed_debt: flag,
            is_bank_transfer_from_obliger: flag,
            receive_payment_account: z
              .object({
                bank_name: text,
                deposit_type: z.enum([...CLAIM_DEPOSIT_TYPES, ""]).nullish(),
                bank_account_number: text,
                obliger_accounts: z.array(z.object({ holder_name: z.string() }).passthrough()).optional(),
              })
              .passthrough()
              .nullish(),
            contentfile_relations: fileIds,
          })
          .passthrough(),
      )
      .default([]),
    can_submit_financial_statements: flag.default(null),
    tax_return_submissions: z.enum(TAX_RETURN_SUBMISSION_METHODS).nullish().default(null),
    includes_sga_expenses: flag.default(null),
    banks: z
      .array(
        z
          .object({
            bank_name: text,
            bank_account_number: text,
            file_format: z.enum(STATEMENT_FILE_FORMATS).nullish(),
            contentfile_relations: fileIds,
          })
          .passthrough(),
      )
      .default([]),
    bank_account: z
      .object({
        bank_name: text,
        branch_name: text,
        deposit_type: z.enum([...BANK_ACCOUNT_DEPOSIT_TYPES, ""]).nullish(),
        bank_account_number: text,
        account_holder_name: text,
      })
      .passthrough()
      .nullish()
      .default(null),
    updated_at: text.default(null),
  })
  .passthrough() satisfies AnswerSchema<DraftEntry>;

const drafts = new WeakMap<UpstreamCaller, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(ctx: UpstreamCaller): Promise<DraftEntry> {
  let pending = drafts.get(ctx);
  if (!pending) {
    pending = ctx.client.call("GET", "/api/draft_entry/", { schema: draftEntrySchema });
    drafts.set(ctx, pending);
  }
  return pending;
}

/** PATCH /api/draft_entry/ with the keys one step owns; the others stay as stored. */
export async function saveDraft(ctx: UpstreamCaller, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await ctx.client.call("PATCH", "/api/draft_entry/", {
    json: patch,
    schema: draftEntrySchema,
  });
  drafts.set(ctx, Promise.resolve(saved));
  return saved;
}

/**
 * A change computed from the draft as stored now (read again, not this request's copy), saved before
 * any other change of the same session is read: for the writes that may run side by side (an upload
 * relating its file). `change` answers the keys to PATCH, or null to leave the draft as it is.
 */
export function updateDraft(
  ctx: UpstreamCaller,
  change: (stored: DraftEntry) => Partial<DraftEntry> | null | Promise<Partial<DraftEntry> | null>,
): Promise<DraftEntry> {
  const key = ctx.session.credentials.sessionid ?? "anonymous";
  // Uploads started together each add their file to the draft (app/store/session-lock.server.ts).
  return oneAtATime(`draft:${key}`, async () => {
    drafts.delete(ctx);
    const stored = await loadDraft(ctx);
    const patch = await change(stored);
    return patch ? saveDraft(ctx, patch) : stored;
  });
}

export async function discardDraft(ctx: UpstreamCaller): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { schema: UNREAD_ANSWER });
  drafts.delete(ctx);
}

/** GET /api/uploads/: the user's files that no entry holds yet. */
export function loadPendingFiles(ctx: UpstreamCaller): Promise<PendingFile[]> {
  return ctx.client.call("GET", "/api/uploads/", { schema: z.array(uploadedFileSchema) });
}
