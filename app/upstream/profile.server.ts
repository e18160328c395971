// §7 profile calls: GET/PATCH /api/profile/ and the two narrower PATCH variants, all answering §3 Profile.

import { z } from "zod";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  CORPORATE_DIVISIONS,
  DEFAULT_SECTOR,
  IDENTITY_DOCUMENT_TYPES,
} from "~/domain/enumerations";
import { type FieldTable, type TextFieldNames, textFieldNames } from "~/domain/form-fields";
import { PROFILE_DETAIL_FIELDS, PROFILE_FIELDS } from "~/domain/profile-form";
import { uploadedFileSchema } from "./uploads.server";
import type { UpstreamCaller } from "./client.server";

/** A text field: `""` clears one (docs/upstream-api/accounts.md), and null reads the same. */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

function textOf<T extends FieldTable>(table: T) {
  return Object.fromEntries(textFieldNames(table).map((name) => [name, text])) as {
    [K in TextFieldNames<T>]: typeof text;
  };
}

export function profileAnswerSchema<T extends typeof PROFILE_FIELDS>(fields: T) {
  return z.object({
    ...textOf(fields),
    ...textOf(PROFILE_DETAIL_FIELDS),
    id: z.number(),
    corporate_division: z.enum(CORPORATE_DIVISIONS),
    email: z.string(),
    identity_confirmation: z.number(),
    identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES).nullable(),
    identity_valid_date: z.string().nullable(),
    bank_account: z
      .object({
        bank_name: text,
        branch_name: text,
        deposit_type: z.enum(BANK_ACCOUNT_DEPOSIT_TYPES),
        bank_account_number: text,
        account_holder_name: text,
      })
      .nullable(),
    office_prefecture: text,
    owner_prefecture: text,
    addfiles: z.array(uploadedFileSchema),
    /** §3 "sector (default unknown)". */
    sector: z
      .string()
      .nullish()
      .transform((sector) => sector || DEFAULT_SECTOR),
    can_edit_bank_account: z.boolean(),
    /** §3 "(default true)". */
    has_entry_permission_when_delayed: z
      .boolean()
      .nullish()
      .transform((flag) => flag !== false),
  });
}

const profileSchema = profileAnswerSchema(PROFILE_FIELDS);

export type Profile = z.infer<typeof profileSchema>;

export function loadProfile(ctx: UpstreamCaller): Promise<Profile> {
  return ctx.client.call("GET", "/api/profile/", { schema: profileSchema });
}

export type ProfileCall = "full" | "withoutSectorAndBusinessSummary" | "nameAndIdentity";

const PROFILE_PATHS: Record<ProfileCall, string> = {
  full: "/api/profile/",
  withoutSectorAndBusinessSummary: "/api/profile_without_sector_and_business_summary/",
  nameAndIdentity: "/api/profile_name_and_identity/",
};

export function patchProfile(
  ctx: UpstreamCaller,
  call: ProfileCall,
  body: Record<string, unknown>,
): Promise<Profile> {
  return ctx.client.call("PATCH", PROFILE_PATHS[call], { json: body, schema: profileSchema });
}
