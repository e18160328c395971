// The withdrawal step page's view model: only what the page shows. Pure (the loader makes the calls).

import type { BankAccountView } from "~/components/bank-account-fieldset";
import type { StatementView } from "~/components/statement-card";
import type { DraftBankAccount } from "~/domain/draft-entry";
import { confirmedDocumentFacts, fileItem } from "~/domain/entry-documents";
import type { StepFacts } from "~/domain/entry-steps";
import { canSkipConfirmedDocuments } from "~/domain/financial-step";
import { formatJapaneseDate } from "~/domain/japan-date";
import type { PickerField } from "~/forms/bank-picker";
import {
  STATEMENT_UPLOAD_KINDS,
  bankAccountField,
  effectiveFileFormat,
  neededWithdrawalsDetailStartDate,
  payoutAccountToShow,
  statementField,
  statementFilesOf,
} from "~/domain/withdrawal-step";
import { emptyStatement } from "./form";

export interface WithdrawalPageInput extends StepFacts {
  /** The payout account saved in the profile (shown when the draft has none), if read. */
  profileAccount: DraftBankAccount | null;
  now: Date;
  url: URL;
}

export function withdrawalStepView({
  user,
  draft,
  files,
  entries,
  profileAccount,
  now,
  url,
}: WithdrawalPageInput) {
  const facts = confirmedDocumentFacts(user, entries, "withdrawals_detail");
  const banks = draft.banks.length > 0 ? draft.banks : [emptyStatement()];
  const statements: StatementView[] = banks.map((bank) => ({
    bank_name: bank.bank_name ?? "",
    bank_account_number: bank.bank_account_number ?? "",
    file_format: effectiveFileFormat(bank.file_format),
    files: Object.fromEntries(
      STATEMENT_UPLOAD_KINDS.map((base) => [base, statementFilesOf(bank, base, files).map(fileItem)]),
    ),
  }));
  const account = payoutAccountToShow(draft.bank_account, profileAccount);
  const bankAccount: BankAccountView = {
    bank_name: account?.bank_name ?? "",
    branch_name: account?.branch_name ?? "",
    deposit_type:
      account?.deposit_type === "ordinary" || account?.deposit_type === "checking"
        ? account.deposit_type
        : null,
    bank_account_number: account?.bank_account_number ?? "",
    account_holder_name: account?.account_holder_name ?? "",
  };
  return {
    startDate: formatJapaneseDate(
      neededWithdrawalsDetailStartDate(user.last_withdrawals_detail_date ?? null, now),
    ),
    statements,
    bankAccount,
    confirmed: canSkipConfirmedDocuments(facts),
    saved: url.searchParams.get("saved") === "1",
  };
}

/** The step's bank fields with what the page shows in them: codes and notes. */
export function withdrawalBankFields(
  view: Pick<ReturnType<typeof withdrawalStepView>, "statements" | "bankAccount">,
): PickerField[] {
  return [
    ...view.statements.map((statement, index): PickerField => ({
      kind: "bank",
      field: statementField(index, "bank_name"),
      value: statement.bank_name,
    })),
    { kind: "bank", field: bankAccountField("bank_name"), value: view.bankAccount.bank_name },
    {
      kind: "branch",
      field: bankAccountField("branch_name"),
      value: view.bankAccount.branch_name,
      bankValue: view.bankAccount.bank_name,
    },
  ];
}
