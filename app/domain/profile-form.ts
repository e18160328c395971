// The profile form's fields (§3 Profile; docs/decisions/0030-a-field-declared-once.md): /register/profile
// asks PROFILE_FIELDS and the identity, /profile the details and the payout account too.

import { divisionField } from "./account-fields";
import { BANK_ACCOUNT_FIELD_LABELS, HOLDER_NAME_TYPED_MAX_LENGTH } from "./bank-account";
import { businessWords } from "./business-types";
import {
  DIGITS_ONLY,
  type FieldControl,
  type FieldTable,
  type TextLimits,
  asTyped,
  choiceField,
  labelsOf,
  textField,
} from "./form-fields";
import { PREFECTURES } from "./prefectures";
import { IDENTITY_DOCUMENT_TYPE_LABELS, SECTOR_LABELS } from "./profile-labels";
import {
  BANK_NAME_MAX_LENGTH,
  BUSINESS_SUMMARY_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PROFILE_TEXT_MAX_LENGTH,
} from "./upstream-limits";

const REQUIRED_TEXT: TextLimits = { required: true, maxLength: PROFILE_TEXT_MAX_LENGTH };
const PERSON_NAME: TextLimits = { required: true, maxLength: PERSON_NAME_MAX_LENGTH };
/** A postcode or a phone as people type it (spaces, hyphens, +81): the schema reads it. */
const ZIPCODE: TextLimits = { required: true, maxLength: 10 };
const PHONE: TextLimits = { required: true, maxLength: 20 };
const PHONE_CONTROL: FieldControl = { type: "tel", inputMode: "tel", autoComplete: "tel" };
const POSTCODE_CONTROL: FieldControl = { inputMode: "numeric", autoComplete: "postal-code" };

const ADDRESS_OF = { office: "事業所の", owner: "代表者ご自宅の" } as const;
const prefecture = (label: string) => ({
  ...choiceField(label, PREFECTURES, asTyped),
  control: { autoComplete: "address-level1" },
});

function addressFields<W extends keyof typeof ADDRESS_OF>(who: W) {
  const of = ADDRESS_OF[who];
  return {
    [`${who}_zipcode`]: textField(`${of}郵便番号`, asTyped, POSTCODE_CONTROL, ZIPCODE),
    [`${who}_prefecture`]: prefecture(`${of}都道府県`),
    [`${who}_city`]: textField(`${of}市区町村`, asTyped, { autoComplete: "address-level2" }, REQUIRED_TEXT),
    [`${who}_building_number`]: textField(
      `${of}番地・建物名`,
      asTyped,
      { autoComplete: "address-line1" },
      REQUIRED_TEXT,
    ),
    [`${who}_phone`]: textField(`${of}電話番号`, asTyped, PHONE_CONTROL, PHONE),
  } as {
    [F in `${W}_${"zipcode" | "city" | "building_number" | "phone"}`]: ReturnType<typeof textField>;
  } & { [F in `${W}_prefecture`]: ReturnType<typeof prefecture> };
}

export const PROFILE_FIELDS = {
  corporate_division: divisionField(),
  company_name: textField(
    businessWords("corporate").businessName,
    asTyped,
    { autoComplete: "organization" },
    { maxLength: PROFILE_TEXT_MAX_LENGTH },
  ),
  last_name: textField("代表者氏名（姓）", asTyped, { autoComplete: "family-name" }, PERSON_NAME),
  first_name: textField("代表者氏名（名）", asTyped, { autoComplete: "given-name" }, PERSON_NAME),
  ...addressFields("office"),
  ...addressFields("owner"),
} as const;

/** What the business does: /profile only (the registration's PATCH leaves them out). */
export const PROFILE_DETAIL_FIELDS = {
  sector: choiceField("業種", Object.keys(SECTOR_LABELS), asTyped),
  business_summary: textField(
    "事業内容",
    asTyped,
    { autoComplete: "off" },
    { maxLength: BUSINESS_SUMMARY_MAX_LENGTH },
  ),
} as const;

export const PROFILE_BANK_ACCOUNT_FIELDS = {
  bank_name: textField(BANK_ACCOUNT_FIELD_LABELS.bank_name, asTyped, undefined, {
    maxLength: BANK_NAME_MAX_LENGTH,
  }),
  branch_name: textField(BANK_ACCOUNT_FIELD_LABELS.branch_name, asTyped, undefined, {
    maxLength: BANK_NAME_MAX_LENGTH,
  }),
  deposit_type: choiceField(
    BANK_ACCOUNT_FIELD_LABELS.deposit_type,
    ["ordinary", "checking"] as const,
    asTyped,
  ),
  // The schema's room for digits typed with spaces and hyphens; the input has no maxlength, never a cut.
  bank_account_number: textField(BANK_ACCOUNT_FIELD_LABELS.bank_account_number, asTyped, DIGITS_ONLY, {
    maxLength: 40,
  }),
  account_holder_name: textField(BANK_ACCOUNT_FIELD_LABELS.account_holder_name, asTyped, undefined, {
    maxLength: HOLDER_NAME_TYPED_MAX_LENGTH,
  }),
} as const;

export const PROFILE_IDENTITY_FIELDS = {
  identity_document_type: choiceField(
    "アップロードした本人確認書類の種類",
    Object.keys(IDENTITY_DOCUMENT_TYPE_LABELS),
    asTyped,
  ),
} as const;

export const PROFILE_FORM_TABLE = {
  ...PROFILE_IDENTITY_FIELDS,
  ...PROFILE_FIELDS,
  ...PROFILE_DETAIL_FIELDS,
  ...PROFILE_BANK_ACCOUNT_FIELDS,
} as const;

/** The labels for a business type: a sole proprietor's name and home are the 事業主's, the name a 屋号. */
export function profileFieldLabels(
  division: unknown,
  table: FieldTable = PROFILE_FORM_TABLE,
): Record<string, string> {
  const words = businessWords(division);
  return Object.fromEntries(
    Object.entries(labelsOf(table)).map(([name, label]) => [
      name,
      name === "company_name" ? words.businessName : label.replace("代表者", words.owner),
    ]),
  );
}
