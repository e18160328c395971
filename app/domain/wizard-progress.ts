// The first step whose rule (§4, §5) is not met: where the entry-step guard (§2) sends a user ahead.

import type { DraftEntry, PendingFile } from "./draft-entry";
import type { EntryStepName } from "./entry-steps";
import { financialDocumentType, isFinancialStepComplete, requiredFinancialKinds } from "./financial-step";
import { type PaymentDateWindow, isInvoiceStepSatisfied } from "./invoice-step";
import { type EntrySummary, hasDelayClaim, hasInadequateClaim } from "./new-entry";
import { countsAsConfirmed } from "./statuses";
import type { CurrentUser } from "./user";
import { isWithdrawalStepComplete } from "./withdrawal-step";

export interface WizardFacts {
  draft: DraftEntry;
  files: readonly PendingFile[];
  user: CurrentUser;
  entries: readonly EntrySummary[];
  paymentDates: PaymentDateWindow;
}

export function firstUnfinishedStep({
  draft,
  files,
  user,
  entries,
  paymentDates,
}: WizardFacts): EntryStepName {
  if (!isInvoiceStepSatisfied(draft, files, paymentDates)) return "submitInvoices";
  const claims = { hasInadequateClaim: hasInadequateClaim(entries), hasDelayClaim: hasDelayClaim(entries) };
  const financialConfirmed = countsAsConfirmed(user.financial_statements_status ?? 4);
  if (
    !isFinancialStepComplete(draft, user.corporate_division, files, {
      confirmed: financialConfirmed,
      ...claims,
    })
  ) {
    return "submitFinancialStatements";
  }
  const withdrawalsConfirmed = countsAsConfirmed(user.withdrawals_detail_status ?? 4);
  if (
    !isWithdrawalStepComplete(draft.banks, draft.bank_account, files, {
      confirmed: withdrawalsConfirmed,
      ...claims,
    })
  ) {
    return "submitWithdrawalsDetail";
  }
  return "submitProfile";
}

export function entryDocumentKinds(draft: DraftEntry, user: CurrentUser): string[] {
  const type = financialDocumentType(
    user.corporate_division,
    draft.can_submit_financial_statements,
    draft.tax_return_submissions,
  );
  return requiredFinancialKinds(type, draft.includes_sga_expenses);
}
