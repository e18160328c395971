// The draft entry (contract addition, docs/upstream-api/entries.md): each step saves its own keys (ARCHITECTURE §4).

import { z } from "zod";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  CLAIM_DEPOSIT_TYPES,
  STATEMENT_FILE_FORMATS,
  TAX_RETURN_SUBMISSION_METHODS,
} from "~/domain/enumerations";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import type { RequestContext } from "~/request/context.server";
import { oneAtATime } from "~/store/session-lock.server";
import { type AnswerSchema, UNREAD_ANSWER } from "./client.server";
import { uploadedFileSchema } from "./uploads.server";

/** Drafts keep incomplete input ("the rest null"). */
const text = z.string().nullish();
const amount = z.union([z.number(), z.string()]).nullish();
const flag = z.boolean().nullish();
const fileIds = z
  .array(z.number())
  .nullish()
  .transform((ids) => ids ?? []);

// Objects the steps send back whole keep keys the app does not know, so a save never drops them.
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

const drafts = new WeakMap<RequestContext, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(ctx: RequestContext): Promise<DraftEntry> {
  let pending = drafts.get(ctx);
  if (!pending) {
    pending = ctx.client.call("GET", "/api/draft_entry/", { schema: draftEntrySchema });
    drafts.set(ctx, pending);
  }
  return pending;
}

export async function saveDraft(ctx: RequestContext, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await ctx.client.call("PATCH", "/api/draft_entry/", {
    json: patch,
    schema: draftEntrySchema,
  });
  drafts.set(ctx, Promise.resolve(saved));
  return saved;
}

// Read again and saved under the session's lock: uploads started together each add their file to the draft.
export function updateDraft(
  ctx: RequestContext,
  change: (stored: DraftEntry) => Partial<DraftEntry> | null | Promise<Partial<DraftEntry> | null>,
): Promise<DraftEntry> {
  const key = ctx.session.credentials.sessionid ?? "anonymous";
  return oneAtATime(`draft:${key}`, async () => {
    drafts.delete(ctx);
    const stored = await loadDraft(ctx);
    const patch = await change(stored);
    return patch ? saveDraft(ctx, patch) : stored;
  });
}

export async function discardDraft(ctx: RequestContext): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { schema: UNREAD_ANSWER });
  drafts.delete(ctx);
}

export function loadPendingFiles(ctx: RequestContext): Promise<PendingFile[]> {
  return ctx.client.call("GET", "/api/uploads/", { schema: z.array(uploadedFileSchema) });
}
