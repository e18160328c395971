// §7 profile calls: GET/PATCH /api/profile/ and the two narrower PATCH variants, all answering §3 Profile.

import { z } from "zod";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  CORPORATE_DIVISIONS,
  DEFAULT_SECTOR,
  IDENTITY_DOCUMENT_TYPES,
} from "~/domain/enumerations";
import { uploadedFileSchema } from "./uploads.server";
import type { UpstreamCaller } from "./client.server";

/** A text field: `""` clears one (docs/upstream-api/accounts.md), and null reads the same. */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

const profileSchema = z.object({
  id: z.number(),
  first_name: text,
  last_name: text,
  corporate_division: z.enum(CORPORATE_DIVISIONS),
  company_name: text,
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
  office_phone: text,
  office_zipcode: text,
  office_prefecture: text,
  office_city: text,
  office_building_number: text,
  owner_phone: text,
  owner_zipcode: text,
  owner_prefecture: text,
  owner_city: text,
  owner_building_number: text,
  addfiles: z.array(uploadedFileSchema),
  /** §3 "sector (default unknown)". */
  sector: z
    .string()
    .nullish()
    .transform((sector) => sector || DEFAULT_SECTOR),
  business_summary: text,
  can_edit_bank_account: z.boolean(),
  /** §3 "(default true)". */
  has_entry_permission_when_delayed: z
    .boolean()
    .nullish()
    .transform((flag) => flag !== false),
});

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
