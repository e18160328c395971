// POST /api/entries/ (a first submission): its body parsed and held to the §5 "Submit" rules and the
// first-submit checks. Upload ids are checked against the database by an UploadRefChecker, so every
// error of a body comes back in one answer.

import { MAX_CLAIMS_PER_ENTRY } from "../../app/domain/enumerations";
import { InvoiceStepMessage, PURPOSE_MAX_LENGTH, hasInvoiceFile } from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import { MAX_YEN } from "../../app/domain/money";
import { DrfMessage } from "../http/errors";
import {
  type BankAccountInput,
  type ReceivePaymentAccountInput,
  type StatementAccountInput,
  readBankAccount,
  readReceivePaymentAccount,
  readStatementAccounts,
} from "./account-input";
import {
  CLAIM_REQUIRED,
  type ClaimFields,
  type Validated,
  notAnObjectBody,
  parseUploadIdList,
  readClaimFields,
  readIdempotencyKey,
  tooManyClaims,
} from "./entry-input";
import {
  ErrorCollector,
  isPlainObject,
  itemErrors,
  parseText,
  parseWholeDecimal,
  pythonTypeName,
} from "./fields";
import type { UploadRefChecker } from "./upload-refs";

export interface NewClaimInput extends ClaimFields {
  receive_payment_account: ReceivePaymentAccountInput;
  contentfiles: number[];
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
