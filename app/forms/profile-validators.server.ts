// The profile form (§3 Profile) from its tables (app/domain/profile-form.ts); postcodes and phones read as typed.

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
import type { TextFieldSpec } from "~/domain/form-fields";
import { ValidationMessage } from "~/domain/messages";
import { PREFECTURES } from "~/domain/prefectures";
import { PROFILE_BANK_ACCOUNT_FIELDS, PROFILE_DETAIL_FIELDS, PROFILE_FIELDS } from "~/domain/profile-form";
import { withCrossFieldChecks } from "./cross-field.server";
import { textShape, textSchema } from "./field-schema.server";

const zipcode = (spec: TextFieldSpec) =>
  textSchema(spec).transform((value, context) => {
    const normalized = normalizeZipcode(value);
    if (normalized === null) context.addIssue({ code: "custom", message: ContactFormatMessage.zipcode });
    return normalized ?? value;
  });

const phone = (spec: TextFieldSpec) =>
  textSchema(spec).transform((value, context) => {
    const normalized = normalizePhone(value);
    if (normalized === null) context.addIssue({ code: "custom", message: ContactFormatMessage.phone });
    return normalized ?? value;
  });

const prefecture = z.enum(PREFECTURES as unknown as [string, ...string[]], {
  errorMap: () => ({ message: "都道府県を選択してください。" }),
});

export const IDENTITY_FIELDS = {
  identity_document_type: z.enum(IDENTITY_DOCUMENT_TYPES, {
    errorMap: () => ({ message: "本人確認書類の種類を選択してください。" }),
  }),
};

export function profileShape<T extends typeof PROFILE_FIELDS>(table: T) {
  return {
    ...textShape(table),
    corporate_division: z.enum(["corporate", "individual"], {
      errorMap: () => ({ message: "法人か個人事業主かを選択してください。" }),
    }),
    office_zipcode: zipcode(table.office_zipcode),
    office_prefecture: prefecture,
    office_phone: phone(table.office_phone),
    owner_zipcode: zipcode(table.owner_zipcode),
    owner_prefecture: prefecture,
    owner_phone: phone(table.owner_phone),
  };
}

const bankAccountFields = {
  ...textShape(PROFILE_BANK_ACCOUNT_FIELDS),
  deposit_type: z.enum(["ordinary", "checking"]).optional(),
};

const detailFields = {
  ...textShape(PROFILE_DETAIL_FIELDS),
  sector: z.enum(SECTORS).optional().default("unknown"),
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
  withZod(z.object({ ...profileShape(PROFILE_FIELDS), ...IDENTITY_FIELDS })),
  companyNameCheck,
);

export const fullProfileValidator = withCrossFieldChecks(
  withZod(z.object({ ...profileShape(PROFILE_FIELDS), ...detailFields, ...bankAccountFields })),
  (values) => ({ ...companyNameCheck(values), ...bankAccountChecks(values) }),
);

export const identityValidator = withZod(z.object(IDENTITY_FIELDS));
