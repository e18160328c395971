// The writable fields of §3 Profile, read from a PATCH body and checked server-side: Japanese
// postcodes and telephone numbers (full-width digits and various dashes accepted and normalised,
// as Japanese users type them), the 47 prefectures, the §3 enumerations and lengths.

import { CORPORATE_DIVISIONS, IDENTITY_DOCUMENT_TYPES, SECTORS } from "../../app/domain/enumerations";
import { normalizePhone, normalizeZipcode } from "../../app/domain/contact-formats";
import { isPrefecture } from "../../app/domain/prefectures";
import {
  BUSINESS_SUMMARY_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
} from "../../app/domain/upstream-limits";
import { type BankAccount, readBankAccount } from "./bank-account";
import { type FieldErrors, has, type JsonObject, readChoice, readString } from "./fields";
import { AccountMessage } from "./messages";

/** Which PATCH call: §7 has the full profile and two narrower variants. */
export type ProfileVariant = "full" | "withoutSectorAndBusinessSummary" | "nameAndIdentity";

/** Column values to write; keys are users columns (a fixed list, never taken from the body). */
export type ProfileChanges = Partial<Record<ProfileColumn, string | null>>;

const NAME_COLUMNS = ["first_name", "last_name"] as const;
type AddressColumn =
  `${"office" | "owner"}_${"phone" | "zipcode" | "prefecture" | "city" | "building_number"}`;
export type ProfileColumn =
  | (typeof NAME_COLUMNS)[number]
  | AddressColumn
  | "corporate_division"
  | "company_name"
  | "sector"
  | "business_summary"
  | "identity_document_type";

export interface ParsedProfile {
  changes: ProfileChanges;
  bankAccount: BankAccount | null | undefined;
  /** The raw addfiles value (resolved against the database by identity-files). */
  addfiles: unknown;
}

function readAddress(body: JsonObject, errors: FieldErrors, changes: ProfileChanges): void {
  for (const who of ["office", "owner"] as const) {
    const phone = readString(body, errors, `${who}_phone`, { allowBlank: true, maxLength: 20 });
    if (phone !== undefined) {
      const normalized = phone === "" ? "" : normalizePhone(phone);
      if (normalized === null) errors.add(`${who}_phone`, AccountMessage.phone);
      else changes[`${who}_phone`] = normalized;
    }
    const zipcode = readString(body, errors, `${who}_zipcode`, { allowBlank: true, maxLength: 10 });
    if (zipcode !== undefined) {
      const normalized = zipcode === "" ? "" : normalizeZipcode(zipcode);
      if (normalized === null) errors.add(`${who}_zipcode`, AccountMessage.zipcode);
      else changes[`${who}_zipcode`] = normalized;
    }
    const prefecture = readString(body, errors, `${who}_prefecture`, { allowBlank: true, maxLength: 10 });
    if (prefecture !== undefined) {
      if (prefecture !== "" && !isPrefecture(prefecture)) {
        errors.add(`${who}_prefecture`, AccountMessage.prefecture(prefecture));
      } else changes[`${who}_prefecture`] = prefecture;
    }
    for (const part of ["city", "building_number"] as const) {
      const text = readString(body, errors, `${who}_${part}`, {
        allowBlank: true,
        maxLength: PROFILE_TEXT_MAX_LENGTH,
      });
      if (text !== undefined) changes[`${who}_${part}`] = text;
    }
  }
}

/**
 * Reads the fields the variant accepts; others are ignored, as a DRF serializer ignores unknown and
 * read-only fields. Blank strings clear a field (has_satisfied_profile then says what is missing).
 */
export function readProfile(body: JsonObject, variant: ProfileVariant, errors: FieldErrors): ParsedProfile {
  const changes: ProfileChanges = {};
  for (const column of NAME_COLUMNS) {
    const text = readString(body, errors, column, { allowBlank: true, maxLength: PERSON_NAME_MAX_LENGTH });
    if (text !== undefined) changes[column] = text;
  }
  const documentType = readChoice(body, errors, "identity_document_type", IDENTITY_DOCUMENT_TYPES, {
    allowNull: true,
  });
  if (documentType !== undefined) changes.identity_document_type = documentType;
  let bankAccount: BankAccount | null | undefined;

  if (variant !== "nameAndIdentity") {
    const division = readChoice(body, errors, "corporate_division", CORPORATE_DIVISIONS);
    if (division) changes.corporate_division = division;
    const companyName = readString(body, errors, "company_name", {
      allowBlank: true,
      maxLength: PROFILE_TEXT_MAX_LENGTH,
    });
    if (companyName !== undefined) changes.company_name = companyName;
    readAddress(body, errors, changes);
    bankAccount = readBankAccount(body, errors);
  }
  if (variant === "full") {
    const sector = readChoice(body, errors, "sector", SECTORS);
    if (sector) changes.sector = sector;
    const summary = readString(body, errors, "business_summary", {
      allowBlank: true,
      maxLength: BUSINESS_SUMMARY_MAX_LENGTH,
    });
    if (summary !== undefined) changes.business_summary = summary;
  }
  return { changes, bankAccount, addfiles: has(body, "addfiles") ? body.addfiles : undefined };
}
