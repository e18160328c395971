// The user row and the two ways the API shows a user: the me call (§3 Current user) and the
// profile (§3 Profile). Every reader of a user goes through here, so the shapes are defined once.

import { createHmac } from "node:crypto";
import type { UpstreamConfig } from "./config";
import type { Db } from "./db/database";
import { type UploadRow, serializeUpload } from "./uploads-store";

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  service_id: string;
  first_name: string;
  last_name: string;
  corporate_division: "none" | "corporate" | "individual";
  company_name: string;
  office_phone: string;
  office_zipcode: string;
  office_prefecture: string;
  office_city: string;
  office_building_number: string;
  owner_phone: string;
  owner_zipcode: string;
  owner_prefecture: string;
  owner_city: string;
  owner_building_number: string;
  sector: string;
  business_summary: string;
  bank_account: string | null;
  identity_document_type: string | null;
  identity_confirmation: number;
  identity_valid_date: string | null;
  financial_statements_status: number;
  financial_statements_valid_date: string | null;
  withdrawals_detail_status: number;
  last_withdrawals_detail_date: string | null;
  email_verified_at: string | null;
  has_pre_entry_declined: number;
  allow_redirect_to_profile: number;
  visited_at_entry_page_after_mail_verification: string | null;
  user_segment: string;
  can_edit_bank_account: number;
  has_entry_permission_when_delayed: number;
  experiment_user_id: string | null;
  is_active: number;
  last_login: string | null;
  create_time: string;
  update_time: string;
}

export function findUserById(db: Db, id: number): UserRow | null {
  return (db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined) ?? null;
}

export function findUserByEmail(db: Db, email: string): UserRow | null {
  return (
    (db.prepare("SELECT * FROM users WHERE email = ? COLLATE NOCASE").get(email.trim()) as
      UserRow | undefined) ?? null
  );
}

/**
 * The profile fields a user must fill before applying (has_satisfied_profile, §3). Sector and
 * business summary are asked separately (PATCH /api/profile_without_sector_and_business_summary/
 * exists for that reason), so they are not required here.
 */
export function hasSatisfiedProfile(user: UserRow): boolean {
  const filled = (value: string) => value.trim().length > 0;
  if (user.corporate_division === "none") return false;
  if (user.corporate_division === "corporate" && !filled(user.company_name)) return false;
  return [
    user.last_name,
    user.first_name,
    user.office_phone,
    user.office_zipcode,
    user.office_prefecture,
    user.office_city,
    user.office_building_number,
    user.owner_phone,
    user.owner_zipcode,
    user.owner_prefecture,
    user.owner_city,
    user.owner_building_number,
  ].every(filled);
}

/** Files the user has uploaded that no submitted entry holds yet (§3 addfiles). */
export function pendingUploads(db: Db, userId: number): UploadRow[] {
  return db
    .prepare(
      `SELECT * FROM uploads WHERE user_id = ?
         AND id NOT IN (SELECT upload_id FROM entry_files)
       ORDER BY id`,
    )
    .all(userId) as UploadRow[];
}

export function identityUploads(db: Db, userId: number): UploadRow[] {
  return db
    .prepare("SELECT * FROM uploads WHERE user_id = ? AND kind = 'identity' ORDER BY id")
    .all(userId) as UploadRow[];
}

export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** §3 "The analytics view also carries owner_phone, hashed_user_id and company_name": see analyticsIdKey. */
export function hashedUserId(userId: number, config: Pick<UpstreamConfig, "analyticsIdKey">): string {
  return createHmac("sha256", config.analyticsIdKey).update(String(userId)).digest("hex");
}

/** §3 Current user (me), as POST /api/me/ answers it; `version` is the API's build version (§7). */
export function serializeMe(db: Db, user: UserRow, config: UpstreamConfig) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    create_time: user.create_time,
    update_time: user.update_time,
    corporate_division: user.corporate_division,
    company_name: user.company_name,
    office_zipcode: user.office_zipcode,
    owner_zipcode: user.owner_zipcode,
    owner_phone: user.owner_phone,
    identity_confirmation: user.identity_confirmation,
    identity_valid_date: user.identity_valid_date,
    financial_statements_valid_date: user.financial_statements_valid_date,
    last_withdrawals_detail_date: user.last_withdrawals_detail_date,
    withdrawals_detail_status: user.withdrawals_detail_status,
    financial_statements_status: user.financial_statements_status,
    addfiles: pendingUploads(db, user.id).map(serializeUpload),
    version: config.version,
    has_usable_password: user.password_hash !== null,
    has_pre_entry_declined: user.has_pre_entry_declined === 1,
    has_satisfied_profile: hasSatisfiedProfile(user),
    allow_redirect_to_profile: user.allow_redirect_to_profile === 1,
    last_login: user.last_login,
    visited_at_entry_page_after_mail_verification: user.visited_at_entry_page_after_mail_verification,
    user_segment: user.user_segment,
    hashed_user_id: hashedUserId(user.id, config),
    is_email_verified: user.email_verified_at !== null,
    service_id: user.service_id,
  };
}

/** §3 Profile, as GET /api/profile/ answers it. */
export function serializeProfile(db: Db, user: UserRow) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    corporate_division: user.corporate_division,
    company_name: user.company_name,
    email: user.email,
    identity_confirmation: user.identity_confirmation,
    identity_document_type: user.identity_document_type,
    identity_valid_date: user.identity_valid_date,
    bank_account: parseJson(user.bank_account, null),
    office_phone: user.office_phone,
    office_zipcode: user.office_zipcode,
    office_prefecture: user.office_prefecture,
    office_city: user.office_city,
    office_building_number: user.office_building_number,
    owner_phone: user.owner_phone,
    owner_zipcode: user.owner_zipcode,
    owner_prefecture: user.owner_prefecture,
    owner_city: user.owner_city,
    owner_building_number: user.owner_building_number,
    addfiles: identityUploads(db, user.id).map(serializeUpload),
    has_usable_password: user.password_hash !== null,
    sector: user.sector,
    business_summary: user.business_summary,
    can_edit_bank_account: user.can_edit_bank_account === 1,
    has_entry_permission_when_delayed: user.has_entry_permission_when_delayed === 1,
  };
}
