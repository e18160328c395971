// The accounts a first submission carries: each claim's receive-payment account and the payout bank
// account, held to the §5 bank checks, and the statement accounts. A resubmission reads none of them.

import {
  formatHolderName,
  validateAccountHolderName,
  validateBankAccountNumber,
} from "../../app/domain/bank-account";
import {
  BANK_ACCOUNT_DEPOSIT_TYPES,
  type BankAccountDepositType,
  CLAIM_DEPOSIT_TYPES,
  type ClaimDepositType,
  DEFAULT_DEPOSIT_TYPE,
  STATEMENT_FILE_FORMATS,
  type StatementFileFormat,
} from "../../app/domain/enumerations";
import { PURPOSE_MAX_LENGTH } from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import {
  BANK_NAME_MAX_LENGTH,
  DRAFT_TEXT_MAX_LENGTH,
  MAX_HOLDER_NAMES,
} from "../../app/domain/upstream-limits";
import { MAX_STATEMENTS } from "../../app/domain/withdrawal-step";
import { DrfMessage } from "../http/errors";
import { CLAIM_REQUIRED, type Validated, parseName, parseUploadIdList } from "./entry-input";
import {
  ErrorCollector,
  ExtraMessage,
  fail,
  isPlainObject,
  itemErrors,
  ok,
  parseChoice,
  parseText,
  pythonTypeName,
} from "./fields";

export interface ReceivePaymentAccountInput {
  bank_name: string;
  deposit_type: ClaimDepositType;
  bank_account_number: string;
  /** Holder names as formatted (formatHolderName), which is what is stored (§7). */
  obliger_accounts: { holder_name: string }[];
}

export interface BankAccountInput {
  bank_name: string;
  branch_name: string;
  deposit_type: BankAccountDepositType;
  bank_account_number: string;
  account_holder_name: string;
}

/**
 * A statement account as typed in the wizard, with its files (of the entry's addfiles) where sent;
 * without them, the Nth is the one whose files end in -N.
 */
export interface StatementAccountInput {
  bank_name: string;
  bank_account_number: string;
  file_format: StatementFileFormat;
  contentfiles?: number[];
}

/** A holder name: formatted first (§7), then held to the §5 rule. */
function readHolderName(
  source: Record<string, unknown>,
  key: string,
  errors: ErrorCollector,
): string | undefined {
  const text = errors.read(source, key, (value) => parseText(value, PURPOSE_MAX_LENGTH), {
    required: DrfMessage.required,
    blank: ValidationMessage.accountHolderName,
  });
  if (text === undefined) return undefined;
  const formatted = formatHolderName(text);
  const message = validateAccountHolderName(formatted);
  if (message) {
    errors.add(key, message);
    return undefined;
  }
  return formatted;
}

function readAccountNumber(source: Record<string, unknown>, errors: ErrorCollector): string | undefined {
  return errors.read(
    source,
    "bank_account_number",
    (value) => {
      const message =
        typeof value === "string"
          ? validateBankAccountNumber(value.trim())
          : ValidationMessage.bankAccountNumber;
      return message ? fail(message) : ok((value as string).trim());
    },
    { required: DrfMessage.required, blank: ValidationMessage.bankAccountNumber },
  );
}

/** §5 first-submit bank checks of a claim's receive-payment account. */
export function readReceivePaymentAccount(
  value: unknown,
): Validated<ReceivePaymentAccountInput> | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: false, message: DrfMessage.required };
  if (!isPlainObject(value)) return { ok: false, message: DrfMessage.notAnObject(pythonTypeName(value)) };
  const errors = new ErrorCollector();
  const bankName = errors.read(value, "bank_name", parseName, CLAIM_REQUIRED);
  const depositType =
    errors.read(
      value,
      "deposit_type",
      (raw) => parseChoice(raw, CLAIM_DEPOSIT_TYPES, ValidationMessage.claimDepositType),
      {
        blank: ValidationMessage.claimDepositType,
      },
    ) ?? DEFAULT_DEPOSIT_TYPE;
  const accountNumber = readAccountNumber(value, errors);
  const holders: { holder_name: string }[] = [];
  const rawAccounts = value.obliger_accounts;
  if (rawAccounts !== undefined && rawAccounts !== null) {
    if (!Array.isArray(rawAccounts)) {
      errors.add("obliger_accounts", DrfMessage.notAList(pythonTypeName(rawAccounts)));
    } else if (rawAccounts.length > MAX_HOLDER_NAMES) {
      errors.add("obliger_accounts", ExtraMessage.maxItems(MAX_HOLDER_NAMES));
    } else {
      const perAccount = rawAccounts.map((account) => {
        const accountErrors = new ErrorCollector();
        if (!isPlainObject(account)) {
          accountErrors.add("non_field_errors", DrfMessage.notAnObject(pythonTypeName(account)));
          return accountErrors;
        }
        const holderName = readHolderName(account, "holder_name", accountErrors);
        if (holderName !== undefined) holders.push({ holder_name: holderName });
        return accountErrors;
      });
      const nested = itemErrors(perAccount);
      if (nested) errors.nest("obliger_accounts", nested);
    }
  }
  if (!errors.isEmpty) return { ok: false, errors: errors.errors };
  return {
    ok: true,
    value: {
      bank_name: bankName!,
      deposit_type: depositType,
      bank_account_number: accountNumber!,
      obliger_accounts: holders,
    },
  };
}

/** The withdrawal step's bank account (§3 Bank account), optional on an entry. */
export function readBankAccount(
  value: unknown,
): Validated<BankAccountInput | null> | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (!isPlainObject(value)) return { ok: false, message: DrfMessage.notAnObject(pythonTypeName(value)) };
  const errors = new ErrorCollector();
  const bankName = errors.read(value, "bank_name", parseName, CLAIM_REQUIRED);
  const branchName = errors.read(value, "branch_name", parseName, CLAIM_REQUIRED);
  const depositType =
    errors.read(value, "deposit_type", (raw) => parseChoice(raw, BANK_ACCOUNT_DEPOSIT_TYPES)) ?? "ordinary";
  const accountNumber = readAccountNumber(value, errors);
  const holderName = readHolderName(value, "account_holder_name", errors);
  if (!errors.isEmpty) return { ok: false, errors: errors.errors };
  return {
    ok: true,
    value: {
      bank_name: bankName!,
      branch_name: branchName!,
      deposit_type: depositType,
      bank_account_number: accountNumber!,
      account_holder_name: holderName!,
    },
  };
}

/**
 * The statement accounts (a contract addition): types and sizes only, as the draft keeps them, since
 * the files are what §4 asks of a statement and the operator reads the bank from them.
 */
export function readStatementAccounts(
  value: unknown,
  addfiles: readonly number[],
  errors: ErrorCollector,
): StatementAccountInput[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add("banks", DrfMessage.notAList(pythonTypeName(value)));
    return [];
  }
  if (value.length > MAX_STATEMENTS) {
    errors.add("banks", ExtraMessage.maxItems(MAX_STATEMENTS));
    return [];
  }
  const accounts: StatementAccountInput[] = [];
  const perAccount = value.map((raw) => {
    const item = new ErrorCollector();
    if (!isPlainObject(raw)) {
      item.add("non_field_errors", DrfMessage.notAnObject(pythonTypeName(raw)));
      return item;
    }
    const account: StatementAccountInput = {
      bank_name: item.read(raw, "bank_name", (text) => parseText(text, BANK_NAME_MAX_LENGTH)) ?? "",
      bank_account_number:
        item.read(raw, "bank_account_number", (text) => parseText(text, DRAFT_TEXT_MAX_LENGTH)) ?? "",
      file_format:
        item.read(raw, "file_format", (choice) => parseChoice(choice, STATEMENT_FILE_FORMATS)) ?? "unknown",
    };
    // Its files must be among the entry's own, so an account can never name another user's upload.
    const files = item.read(raw, "contentfiles", (list) => {
      const ids = parseUploadIdList(list);
      if (!ids.ok) return ids;
      const foreign = ids.value.find((id) => !addfiles.includes(id));
      return foreign === undefined ? ids : fail(ExtraMessage.pkDoesNotExist(foreign));
    });
    if (files) account.contentfiles = files;
    accounts.push(account);
    return item;
  });
  const nested = itemErrors(perAccount);
  if (nested) errors.nest("banks", nested);
  return accounts;
}
