// Parsing and validating the bodies of POST /api/entries/ (a first submission) and
// POST /api/entries/{id}/review/ (a resubmission) by the §5 "Submit" rules, into typed inputs or
// DRF-shaped errors ({"claims": [{}, {"amount": ["…"]}]}). Upload ids are checked against the
// database by an UploadRefChecker, so every error of a body comes back in one answer.

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
  MAX_CLAIMS_PER_ENTRY,
  STATEMENT_FILE_FORMATS,
  type StatementFileFormat,
} from "../../app/domain/enumerations";
import { isValidHoujinbangou } from "../../app/domain/houjinbangou";
import {
  CLAIM_TEXT_MAX_LENGTH,
  InvoiceStepMessage,
  PURPOSE_MAX_LENGTH,
  hasInvoiceFile,
} from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import { MAX_YEN } from "../../app/domain/money";
import {
  BANK_NAME_MAX_LENGTH,
  DRAFT_TEXT_MAX_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  MAX_HOLDER_NAMES,
} from "../../app/domain/upstream-limits";
import { MAX_STATEMENTS } from "../../app/domain/withdrawal-step";
import { DrfMessage } from "../http/errors";
import {
  ErrorCollector,
  ExtraMessage,
  type Parsed,
  fail,
  isPlainObject,
  itemErrors,
  ok,
  parseBoolean,
  parseChoice,
  parseDate,
  parseInteger,
  parseText,
  parseWholeDecimal,
  pythonTypeName,
  readField,
} from "./fields";
import type { ClaimRow } from "./rows";
import type { UploadRefChecker } from "./upload-refs";

/** Files one claim, or the entry itself, may hold. */
export const MAX_FILES_PER_LIST = 50;

export const EntryInputMessage = {
  houjinbangou: "法人番号は13桁の半角数字で、正しい番号を入力してください。",
} as const;

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

export interface ClaimFields {
  obliger_company_name: string;
  houjinbangou: string;
  houjinbangou_address: string;
  amount: number;
  scheduled_deposit_amount_from_obliger: number;
  obliger_payment_date: string;
  is_fixed_debt: boolean | null;
  is_bank_transfer_from_obliger: boolean | null;
}

export interface NewClaimInput extends ClaimFields {
  receive_payment_account: ReceivePaymentAccountInput;
  contentfiles: number[];
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

export interface NewEntryInput {
  purchase_amount_desired: string;
  purpose: string;
  claims: NewClaimInput[];
  addfiles: number[];
  banks: StatementAccountInput[];
  bank_account: BankAccountInput | null;
  idempotency_key: string | null;
}

export interface ResubmitClaimInput {
  id: number;
  /** Only the fields the body gave. */
  fields: Partial<ClaimFields>;
  /** The claim's files as they should now be; undefined leaves them as they are. */
  contentfiles?: number[];
}

export interface ResubmitInput {
  purchase_amount_desired?: string;
  purpose?: string;
  claims: ResubmitClaimInput[];
  addfiles?: number[];
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Record<string, unknown> };

const parseAmount = (min: number) => (value: unknown) => parseInteger(value, { min, max: MAX_YEN });
const parseName = (value: unknown) => parseText(value, CLAIM_TEXT_MAX_LENGTH);

function parseHoujinbangou(value: unknown): Parsed<string> {
  const text = parseText(value, 13);
  if (!text.ok) return fail(EntryInputMessage.houjinbangou);
  return isValidHoujinbangou(text.value) ? text : fail(EntryInputMessage.houjinbangou);
}

/**
 * Upload ids as DRF's PrimaryKeyRelatedField(many=True) takes them, plus {id} objects, so that a
 * client may post back the upload objects an entry was read with.
 */
export function parseUploadIdList(value: unknown): Parsed<number[]> {
  if (!Array.isArray(value)) return fail(DrfMessage.notAList(pythonTypeName(value)));
  if (value.length > MAX_FILES_PER_LIST) return fail(ExtraMessage.maxItems(MAX_FILES_PER_LIST));
  const ids: number[] = [];
  for (const item of value) {
    const candidate = isPlainObject(item) ? item.id : item;
    if (typeof candidate === "number" && Number.isSafeInteger(candidate) && candidate > 0)
      ids.push(candidate);
    else if (typeof candidate === "string" && /^[1-9][0-9]{0,14}$/.test(candidate))
      ids.push(Number(candidate));
    else return fail(ExtraMessage.invalidPk(pythonTypeName(candidate)));
  }
  return ok(ids);
}

const CLAIM_REQUIRED = { required: DrfMessage.required, blank: ValidationMessage.blank } as const;

/**
 * The plain fields of a claim. `partial` (a resubmission) reads only the fields present, but a
 * present field is held to the same rules, so a required field cannot be blanked.
 */
function readClaimFields(
  source: Record<string, unknown>,
  errors: ErrorCollector,
  partial: boolean,
): Partial<ClaimFields> {
  const fields: Partial<ClaimFields> = {};
  const given = (key: string) => !partial || source[key] !== undefined;

  if (given("obliger_company_name")) {
    fields.obliger_company_name = errors.read(source, "obliger_company_name", parseName, CLAIM_REQUIRED);
  }
  if (given("amount")) fields.amount = errors.read(source, "amount", parseAmount(1), CLAIM_REQUIRED);
  if (given("scheduled_deposit_amount_from_obliger")) {
    fields.scheduled_deposit_amount_from_obliger = errors.read(
      source,
      "scheduled_deposit_amount_from_obliger",
      parseAmount(0),
      CLAIM_REQUIRED,
    );
  }
  if (given("obliger_payment_date")) {
    fields.obliger_payment_date = errors.read(source, "obliger_payment_date", parseDate, CLAIM_REQUIRED);
  }
  // Optional texts: blank or null clears them.
  if (given("houjinbangou"))
    fields.houjinbangou = errors.read(source, "houjinbangou", parseHoujinbangou) ?? "";
  if (given("houjinbangou_address")) {
    fields.houjinbangou_address = errors.read(source, "houjinbangou_address", parseName) ?? "";
  }
  for (const key of ["is_fixed_debt", "is_bank_transfer_from_obliger"] as const) {
    if (!given(key)) continue;
    const outcome = readField(source, key, parseBoolean);
    if (outcome.state === "error") errors.add(key, outcome.message);
    else fields[key] = outcome.state === "value" ? outcome.value : null;
  }
  // Absent fields that failed stay undefined; drop the keys so a partial update skips them.
  for (const key of Object.keys(fields) as (keyof ClaimFields)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
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
function readReceivePaymentAccount(
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
function readBankAccount(
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
function readStatementAccounts(
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

function notAnObjectBody(body: unknown): Validated<never> {
  return { ok: false, errors: { non_field_errors: [DrfMessage.notAnObject(pythonTypeName(body))] } };
}

/** §5 "Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。" */
function tooManyClaims(): Validated<never> {
  return { ok: false, errors: { non_field_errors: [ValidationMessage.tooManyClaims] } };
}

/** The idempotency key alone, read before anything else so that a replay is answered first. */
export function readIdempotencyKey(body: unknown): Parsed<string | null> {
  if (!isPlainObject(body)) return ok(null);
  const outcome = readField(body, "idempotency_key", (value) => parseText(value, IDEMPOTENCY_KEY_MAX_LENGTH));
  if (outcome.state === "error") return fail(outcome.message);
  return ok(outcome.state === "value" ? outcome.value : null);
}

/** POST /api/entries/: the §5 "Submit" rules plus the first-submit checks. */
export function validateNewEntry(body: unknown, uploads: UploadRefChecker): Validated<NewEntryInput> {
  if (!isPlainObject(body)) return notAnObjectBody(body);
  const errors = new ErrorCollector();

  const idempotencyKey = readIdempotencyKey(body);
  if (!idempotencyKey.ok) errors.add("idempotency_key", idempotencyKey.message);

  const purchaseAmountDesired = errors.read(
    body,
    "purchase_amount_desired",
    (value) => parseWholeDecimal(value, { minExclusive: 0, max: MAX_YEN }),
    CLAIM_REQUIRED,
  );
  const purpose = errors.read(body, "purpose", (value) => parseText(value, PURPOSE_MAX_LENGTH), {
    required: ValidationMessage.purposeRequired,
    blank: ValidationMessage.purposeRequired,
  });

  const claims: NewClaimInput[] = [];
  const rawClaims = body.claims;
  if (rawClaims === undefined || rawClaims === null) {
    errors.add("claims", ValidationMessage.noClaims);
  } else if (!Array.isArray(rawClaims)) {
    errors.add("claims", DrfMessage.notAList(pythonTypeName(rawClaims)));
  } else if (rawClaims.length > MAX_CLAIMS_PER_ENTRY) {
    return tooManyClaims();
  } else if (rawClaims.length === 0) {
    errors.add("claims", ValidationMessage.noClaims);
  } else {
    const perClaim = rawClaims.map((rawClaim, index) => {
      const claimErrors = new ErrorCollector();
      if (!isPlainObject(rawClaim)) {
        claimErrors.add("non_field_errors", DrfMessage.notAnObject(pythonTypeName(rawClaim)));
        return claimErrors;
      }
      const position = index + 1;
      const fields = readClaimFields(rawClaim, claimErrors, false);
      // §5 first submit: "scheduled deposit must not exceed invoice amount".
      if (
        fields.amount !== undefined &&
        fields.scheduled_deposit_amount_from_obliger !== undefined &&
        fields.scheduled_deposit_amount_from_obliger > fields.amount
      ) {
        claimErrors.add(
          "scheduled_deposit_amount_from_obliger",
          ValidationMessage.scheduledDepositExceedsAmount,
        );
      }
      const account = readReceivePaymentAccount(rawClaim.receive_payment_account);
      if (!account.ok) {
        if ("message" in account) claimErrors.add("receive_payment_account", account.message);
        else claimErrors.nest("receive_payment_account", account.errors);
      }
      let contentfiles: number[] = [];
      if (rawClaim.contentfiles !== undefined && rawClaim.contentfiles !== null) {
        const ids = parseUploadIdList(rawClaim.contentfiles);
        if (!ids.ok) claimErrors.add("contentfiles", ids.message);
        else {
          const messages = uploads.check(ids.value, { kind: "claim", position });
          messages.forEach((message) => claimErrors.add("contentfiles", message));
          contentfiles = ids.value;
        }
      }
      if (claimErrors.isEmpty && account.ok) {
        claims.push({
          ...(fields as ClaimFields),
          houjinbangou: fields.houjinbangou ?? "",
          houjinbangou_address: fields.houjinbangou_address ?? "",
          is_fixed_debt: fields.is_fixed_debt ?? null,
          is_bank_transfer_from_obliger: fields.is_bank_transfer_from_obliger ?? null,
          receive_payment_account: account.value,
          contentfiles,
        });
      }
      return claimErrors;
    });
    const nested = itemErrors(perClaim);
    if (nested) errors.nest("claims", nested);
  }

  let addfiles: number[] = [];
  if (body.addfiles !== undefined && body.addfiles !== null) {
    const ids = parseUploadIdList(body.addfiles);
    if (!ids.ok) errors.add("addfiles", ids.message);
    else {
      uploads.check(ids.value, { kind: "entry" }).forEach((message) => errors.add("addfiles", message));
      addfiles = ids.value;
    }
  }

  const banks = readStatementAccounts(body.banks, addfiles, errors);
  const bankAccount = readBankAccount(body.bank_account);
  if (!bankAccount.ok) {
    if ("message" in bankAccount) errors.add("bank_account", bankAccount.message);
    else errors.nest("bank_account", bankAccount.errors);
  }

  if (!errors.isEmpty || !bankAccount.ok || !idempotencyKey.ok) return { ok: false, errors: errors.errors };
  // §5 "at least one successfully uploaded invoice file", the invoice step's own rule: asked of the
  // entry as a whole once every field is valid, as DRF's validate() would.
  if (!hasInvoiceFile(uploads.claimFiles())) {
    return { ok: false, errors: { non_field_errors: [InvoiceStepMessage.noInvoiceFile] } };
  }
  return {
    ok: true,
    value: {
      purchase_amount_desired: purchaseAmountDesired!,
      purpose: purpose!,
      claims,
      addfiles,
      banks,
      bank_account: bankAccount.value,
      idempotency_key: idempotencyKey.value,
    },
  };
}

/**
 * POST /api/entries/{id}/review/: a resubmission after inadequate. §5 "Resubmit skips bank checks":
 * the receive-payment accounts and the bank account are not read (nor changed). Claims are named by
 * id; the fields of claims that are not inadequate are read-only and ignored, so a client may post
 * back the whole entry it read.
 */
export function validateResubmission(
  body: unknown,
  claimsById: Map<number, ClaimRow>,
  isEditable: (claim: ClaimRow) => boolean,
  uploads: UploadRefChecker,
): Validated<ResubmitInput> {
  if (!isPlainObject(body)) return notAnObjectBody(body);
  const errors = new ErrorCollector();
  const input: ResubmitInput = { claims: [] };

  if (body.purchase_amount_desired !== undefined) {
    input.purchase_amount_desired = errors.read(
      body,
      "purchase_amount_desired",
      (value) => parseWholeDecimal(value, { minExclusive: 0, max: MAX_YEN }),
      CLAIM_REQUIRED,
    );
  }
  if (body.purpose !== undefined) {
    input.purpose = errors.read(body, "purpose", (value) => parseText(value, PURPOSE_MAX_LENGTH), {
      required: ValidationMessage.purposeRequired,
      blank: ValidationMessage.purposeRequired,
    });
  }

  const rawClaims = body.claims;
  if (rawClaims !== undefined && rawClaims !== null) {
    if (!Array.isArray(rawClaims)) {
      errors.add("claims", DrfMessage.notAList(pythonTypeName(rawClaims)));
    } else if (rawClaims.length > MAX_CLAIMS_PER_ENTRY) {
      return tooManyClaims();
    } else {
      const named = new Set<number>();
      const perClaim = rawClaims.map((rawClaim) => {
        const claimErrors = new ErrorCollector();
        if (!isPlainObject(rawClaim)) {
          claimErrors.add("non_field_errors", DrfMessage.notAnObject(pythonTypeName(rawClaim)));
          return claimErrors;
        }
        const id = claimErrors.read(rawClaim, "id", (value) => parseInteger(value, { min: 1 }), {
          required: DrfMessage.required,
          blank: DrfMessage.required,
        });
        if (id === undefined) return claimErrors;
        const claim = claimsById.get(id);
        if (!claim || named.has(id)) {
          claimErrors.add("id", ExtraMessage.pkDoesNotExist(id));
          return claimErrors;
        }
        named.add(id);
        if (!isEditable(claim)) return claimErrors;
        const fields = readClaimFields(rawClaim, claimErrors, true);
        const resubmitted: ResubmitClaimInput = { id, fields };
        if (rawClaim.contentfiles !== undefined && rawClaim.contentfiles !== null) {
          const ids = parseUploadIdList(rawClaim.contentfiles);
          if (!ids.ok) claimErrors.add("contentfiles", ids.message);
          else {
            uploads
              .check(ids.value, { kind: "claim", position: claim.position })
              .forEach((message) => claimErrors.add("contentfiles", message));
            resubmitted.contentfiles = ids.value;
          }
        }
        input.claims.push(resubmitted);
        return claimErrors;
      });
      const nested = itemErrors(perClaim);
      if (nested) errors.nest("claims", nested);
    }
  }

  if (body.addfiles !== undefined && body.addfiles !== null) {
    const ids = parseUploadIdList(body.addfiles);
    if (!ids.ok) errors.add("addfiles", ids.message);
    else {
      uploads.check(ids.value, { kind: "entry" }).forEach((message) => errors.add("addfiles", message));
      input.addfiles = ids.value;
    }
  }

  return errors.isEmpty ? { ok: true, value: input } : { ok: false, errors: errors.errors };
}
