// The account forms' fields (docs/decisions/0030-a-field-declared-once.md): login, registration, the
// password forms and the pre-entry screening, one table per form.

import {
  type FieldControl,
  DIGITS_ONLY,
  type TextLimits,
  asTyped,
  choiceField,
  textField,
} from "./form-fields";
import { AMOUNT_TYPED_MAX_LENGTH } from "./money";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PasswordMessage } from "./passwords";
import { EMAIL_MAX_LENGTH } from "./upstream-limits";

const BUSINESS_DIVISIONS = ["corporate", "individual"] as const;
export const divisionField = () => choiceField("事業形態", BUSINESS_DIVISIONS, asTyped);
const tickField = (label: string) => choiceField(label, ["on"], (text) => text === "on");

const EMAIL_LIMITS: TextLimits = {
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
  tooLong: `メールアドレスは${EMAIL_MAX_LENGTH}文字以内で入力してください。`,
};
const OWN_EMAIL: FieldControl = { type: "email", autoComplete: "email" };
/** At login the address is the account's user name: a password manager offers its saved pair. */
const SIGN_IN_NAME: FieldControl = { type: "email", autoComplete: "username" };

const CURRENT_PASSWORD: FieldControl = { type: "password", autoComplete: "current-password" };
const NEW_PASSWORD: FieldControl = { type: "password", autoComplete: "new-password" };
const PASSWORD_LIMITS: TextLimits = {
  required: true,
  maxLength: PASSWORD_MAX_LENGTH,
  tooLong: PasswordMessage.tooLong,
};
const NEW_PASSWORD_LIMITS: TextLimits = {
  ...PASSWORD_LIMITS,
  minLength: PASSWORD_MIN_LENGTH,
  tooShort: PasswordMessage.tooShort,
};

const emailField = (control: FieldControl) => textField("メールアドレス", asTyped, control, EMAIL_LIMITS);
const PASSWORD = "パスワード";

export const LOGIN_FIELDS = {
  email: emailField(SIGN_IN_NAME),
  password: textField(PASSWORD, asTyped, CURRENT_PASSWORD, PASSWORD_LIMITS),
} as const;

export const RECOVER_FIELDS = {
  email: emailField(OWN_EMAIL),
} as const;

export const NEW_PASSWORD_FIELDS = {
  new_password1: textField("新しいパスワード", asTyped, NEW_PASSWORD, NEW_PASSWORD_LIMITS),
  new_password2: textField("新しいパスワード（確認）", asTyped, NEW_PASSWORD, PASSWORD_LIMITS),
} as const;

export const CHANGE_PASSWORD_FIELDS = {
  old_password: textField("現在のパスワード", asTyped, CURRENT_PASSWORD, PASSWORD_LIMITS),
  ...NEW_PASSWORD_FIELDS,
} as const;

export const REGISTER_FIELDS = {
  email: emailField(OWN_EMAIL),
  password: textField(PASSWORD, asTyped, NEW_PASSWORD, NEW_PASSWORD_LIMITS),
  password_confirmation: textField(`${PASSWORD}（確認）`, asTyped, NEW_PASSWORD, PASSWORD_LIMITS),
  corporate_division: divisionField(),
  agreement: tickField("利用規約への同意"),
  partner_data_consent: tickField("提携先への情報の提供への同意"),
} as const;

export const EXPERIMENT_USER_ID_MAX_LENGTH = 64;

/** Whole years, as the upstream takes them (0 for a business in its first year). */
export const MAX_YEARS_IN_BUSINESS = 200;

const YES_NO = ["yes", "no"] as const;

export const PRE_ENTRY_FIELDS = {
  corporate_division: divisionField(),
  years_in_business: textField("事業を始めてからの年数", asTyped, DIGITS_ONLY, {
    required: true,
    maxLength: String(MAX_YEARS_IN_BUSINESS).length,
  }),
  annual_sales: textField("年間の売上高", asTyped, DIGITS_ONLY, {
    required: true,
    maxLength: AMOUNT_TYPED_MAX_LENGTH,
  }),
  has_invoice: choiceField("請求書（適格請求書）の発行", YES_NO, asTyped),
  has_tax_delinquency: choiceField("税金の滞納", YES_NO, asTyped),
} as const;
