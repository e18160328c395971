// §3 Draft entry as GET and PATCH /api/draft_entry/ answer it, in zod (server only: decision 0009);
// the draft's types are inferred from it (draft-entry.ts), the steps' parts from their field tables.

import { z } from "zod";
import { FINANCIAL_FIELDS } from "./financial-step";
import type { AmountFieldSpec, ChoiceFieldSpec, FieldSpec, FieldTable, FlagFieldSpec } from "./form-fields";
import { CLAIM_FIELDS, INVOICE_FIELDS, RECEIVE_ACCOUNT_FIELDS } from "./invoice-step";
import { BANK_ACCOUNT_FIELDS, STATEMENT_FIELDS } from "./withdrawal-step";

const text = z.string().nullish();
const amount = z.union([z.number(), z.string()]).nullish();
const flag = z.boolean().nullish();
/** "upload ids no longer the user's are left out", so a list, possibly empty. */
const fileIds = z
  .array(z.number())
  .nullish()
  .transform((ids) => ids ?? []);

type Stored<F extends FieldSpec> =
  F extends ChoiceFieldSpec<infer C>
    ? z.ZodOptional<z.ZodNullable<z.ZodType<C>>>
    : F extends FlagFieldSpec
      ? typeof flag
      : F extends AmountFieldSpec
        ? typeof amount
        : typeof text;

function storedShape<T extends FieldTable>(table: T): { [K in keyof T]: Stored<T[K]> } {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [name, spec] of Object.entries(table)) {
    if (spec.kind === "text") shape[name] = text;
    else if (spec.kind === "flag") shape[name] = flag;
    else if (spec.kind === "amount") shape[name] = amount;
    else shape[name] = z.enum(spec.choices as [string, ...string[]]).nullish();
  }
  return shape as { [K in keyof T]: Stored<T[K]> };
}

function topLevelShape<T extends FieldTable>(table: T) {
  const shape = storedShape(table);
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [name, (schema as typeof text).default(null)]),
  ) as { [K in keyof T]: z.ZodDefault<Stored<T[K]>> };
}

/** Objects the steps send back whole keep keys the app does not know, so a save never drops them. */
export const draftBankSchema = z
  .object({ ...storedShape(STATEMENT_FIELDS), contentfile_relations: fileIds })
  .passthrough();

export const draftBankAccountSchema = z.object(storedShape(BANK_ACCOUNT_FIELDS)).passthrough();

export const draftClaimSchema = z
  .object({
    ...storedShape(CLAIM_FIELDS),
    receive_payment_account: z
      .object({
        ...storedShape(RECEIVE_ACCOUNT_FIELDS),
        obliger_accounts: z.array(z.object({ holder_name: z.string() }).passthrough()).optional(),
      })
      .passthrough()
      .nullish(),
    contentfile_relations: fileIds,
  })
  .passthrough();

export const draftEntrySchema = z
  .object({
    id: z.number().nullish().default(null),
    ...topLevelShape(INVOICE_FIELDS),
    claims: z.array(draftClaimSchema).default([]),
    ...topLevelShape(FINANCIAL_FIELDS),
    banks: z.array(draftBankSchema).default([]),
    bank_account: draftBankAccountSchema.nullish().default(null),
    updated_at: text.default(null),
  })
  .passthrough();

const { id: _id, updated_at: _updatedAt, ...savedShape } = draftEntrySchema.shape;
export const DRAFT_KEYS = Object.keys(savedShape) as (keyof typeof savedShape)[];
