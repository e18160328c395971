// The withdrawal step page's view model: only what the page shows, its lines read through the fields
// tables. Pure (the loader makes the calls).

import type { StatementView } from "~/components/statement-card";
import type { DraftBankAccount } from "~/domain/draft-entry";
import { confirmedDocumentFacts, fileItem } from "~/domain/entry-documents";
import type { StepFacts } from "~/domain/entry-steps";
import { canSkipConfirmedDocuments } from "~/domain/financial-step";
import { viewRow } from "~/domain/form-fields";
import { formatJapaneseDate } from "~/domain/japan-date";
import type { PickerField } from "~/forms/bank-picker";
import {
  BANK_ACCOUNT_FIELDS,
  STATEMENT_FIELDS,
  STATEMENT_UPLOAD_KINDS,
  bankAccountField,
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
    ...viewRow(STATEMENT_FIELDS, bank),
    files: Object.fromEntries(
      STATEMENT_UPLOAD_KINDS.map((base) => [base, statementFilesOf(bank, base, files).map(fileItem)]),
    ),
  }));
  const bankAccount = viewRow(BANK_ACCOUNT_FIELDS, payoutAccountToShow(draft.bank_account, profileAccount));
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
