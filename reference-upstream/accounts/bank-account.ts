// The profile's bank account (§3 Bank account: bank_name, branch_name, deposit_type ordinary or
// checking, bank_account_number, account_holder_name), checked with the §5 rules of app/domain.

import {
  formatHolderName,
  isValidAccountHolderName,
  isValidBankAccountNumber,
} from "../../app/domain/bank-account";
import { BANK_ACCOUNT_DEPOSIT_TYPES, type BankAccountDepositType } from "../../app/domain/enumerations";
import { ValidationMessage } from "../../app/domain/messages";
import { BANK_NAME_MAX_LENGTH } from "../../app/domain/upstream-limits";
import { DrfMessage } from "../http/errors";
import { FieldErrors, type JsonObject, pythonTypeName, readChoice, readString } from "./fields";

export interface BankAccount {
  bank_name: string;
  branch_name: string;
  deposit_type: BankAccountDepositType;
  bank_account_number: string;
  account_holder_name: string;
}

/**
 * Reads body.bank_account: null clears it; an object is checked field by field. Errors land under
 * "bank_account" as a nested serializer's do ({"bank_account": {"bank_account_number": ["…"]}}).
 */
export function readBankAccount(body: JsonObject, errors: FieldErrors): BankAccount | null | undefined {
  const value = body.bank_account;
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) {
    errors.add("bank_account", DrfMessage.notAnObject(pythonTypeName(value)));
    return undefined;
  }
  const fields = value as JsonObject;
  const nested = new FieldErrors();
  const bankName = readString(fields, nested, "bank_name", {
    required: true,
    maxLength: BANK_NAME_MAX_LENGTH,
  });
  const branchName = readString(fields, nested, "branch_name", {
    required: true,
    maxLength: BANK_NAME_MAX_LENGTH,
  });
  // §9: the deposit type defaults to ordinary.
  const depositType =
    fields.deposit_type === undefined
      ? "ordinary"
      : readChoice(fields, nested, "deposit_type", BANK_ACCOUNT_DEPOSIT_TYPES, { required: true });
  const number = readString(fields, nested, "bank_account_number", { required: true });
  if (number !== undefined && !isValidBankAccountNumber(number)) {
    nested.add("bank_account_number", ValidationMessage.bankAccountNumber);
  }
  // Converted to the full-width form §5 accepts (ｶ)ﾔﾏﾀﾞ → カ）ヤマダ) rather than refused, then checked.
  const typedHolder = readString(fields, nested, "account_holder_name", { required: true });
  const holder = typedHolder === undefined ? undefined : formatHolderName(typedHolder);
  if (holder !== undefined && !isValidAccountHolderName(holder)) {
    nested.add("account_holder_name", ValidationMessage.accountHolderName);
  }
  if (nested.any) {
    errors.set("bank_account", nested.errors);
    return undefined;
  }
  return {
    bank_name: bankName!,
    branch_name: branchName!,
    deposit_type: depositType!,
    bank_account_number: number!,
    account_holder_name: holder!,
  };
}
