// The profile form (§3 Profile): postcodes and phone numbers accepted as people type them, then normalised.

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import {
  formatHolderName,
  isValidAccountHolderName,
  normalizeBankAccountNumber,
  validateBankAccountNumber,
} from "~/domain/bank-account";
import { ContactFormatMessage, normalizePhone, normalizeZipcode } from "~/domain/contact-formats";
import { IDENTITY_DOCUMENT_TYPES, SECTORS } from "~/domain/enumerations";
import { ValidationMessage } from "~/domain/messages";
import { PREFECTURES } from "~/domain/prefectures";
import { withCrossFieldChecks } from "./cross-field.server";

const required = (max: number) =>
  z
    .string({ required_error: ValidationMessage.blank })
    .trim()
    .min(1, ValidationMessage.blank)
    .max(max, `${max}文字以内で入力してください。`);

const zipcode = z
  .string({ required_error: ValidationMessage.blank })
  .trim()
  .min(1, ValidationMessage.blank)
  .transform((value, context) => {
    const normalized = normalizeZipcode(value);
    if (normalized === null) context.addIssue({ code: "custom", message: ContactFormatMessage.zipcode });
    return normalized ?? value;
  });

const phone = z
  .string({ required_error: ValidationMessage.blank })
  .trim()
  .min(1, ValidationMessage.blank)
  .transform((value, context) => {
    const normalized = normalizePhone(value);
    if (normalized === null) context.addIssue({ code: "custom", message: ContactFormatMessage.phone });
    return normalized ?? value;
  });

const prefecture = z.enum(PREFECTURES as unknown as [string, ...string[]], {
  errorMap: () => ({ message: "都道府県を選択してください。" }),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max}文字以内で入力してください。`)
    .optional()
    .transform((value) => value ?? "");

export const IDENTITY_FIELDS = {
  identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES, {
    errorMap: () => ({ message: "本人確認書類の種類を選択してください。" }),
  }),
};

const profileFields = {
  corporate_division: z.enum(["corporate", "individual"], {
    errorMap: () => ({ message: "法人か個人事業主かを選択してください。" }),
  }),
  company_name: optionalText(255),
  last_name: required(150),
  first_name: required(150),
  office_zipcode: zipcode,
  office_prefecture: prefecture,
  office_city: required(255),
  office_building_number: required(255),
  office_phone: phone,
  owner_zipcode: zipcode,
  owner_prefecture: prefecture,
  owner_city: required(255),
  owner_building_number: required(255),
  owner_phone: phone,
};

const bankAccountFields = {
  bank_name: optionalText(100),
  branch_name: optionalText(100),
  deposit_type: z.enum(["ordinary", "checking"]).optional(),
  // No length of its own: 8 digits get §5's message below, never a cut or a length message.
  bank_account_number: optionalText(40),
  account_holder_name: optionalText(30),
};

const detailFields = {
  sector: z.enum(SECTORS).optional().default("unknown"),
  business_summary: optionalText(1000),
};

function bankAccountChecks(values: Record<string, unknown>): Record<string, string> {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  const names = ["bank_name", "branch_name", "bank_account_number", "account_holder_name"];
  if (names.every((name) => text(name) === "")) return {};
  const errors: Record<string, string> = {};
  for (const name of names) if (text(name) === "") errors[name] = ValidationMessage.blank;
  const number = normalizeBankAccountNumber(text("bank_account_number"));
  const numberProblem = number ? validateBankAccountNumber(number, text("bank_name")) : null;
  if (numberProblem) errors.bank_account_number = numberProblem;
  const holder = text("account_holder_name");
  if (holder && !isValidAccountHolderName(formatHolderName(holder)))
    errors.account_holder_name = ValidationMessage.accountHolderName;
  return errors;
}

/** A corporation must give its name; an individual's trade name (屋号) is optional. */
function companyNameCheck(values: Record<string, unknown>): Record<string, string> {
  const name = typeof values.company_name === "string" ? values.company_name.trim() : "";
  return values.corporate_division === "corporate" && name === ""
    ? { company_name: ValidationMessage.blank }
    : {};
}

export const registrationProfileValidator = withCrossFieldChecks(
  withZod(z.object({ ...profileFields, ...IDENTITY_FIELDS })),
  companyNameCheck,
);

export const fullProfileValidator = withCrossFieldChecks(
  withZod(z.object({ ...profileFields, ...detailFields, ...bankAccountFields })),
  (values) => ({ ...companyNameCheck(values), ...bankAccountChecks(values) }),
);

export const identityValidator = withZod(z.object(IDENTITY_FIELDS));
