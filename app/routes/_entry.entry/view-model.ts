// The financial step page's view model: only what the page shows. Pure (the loader makes the calls).

import { confirmedDocumentFacts, fileItem } from "~/domain/entry-documents";
import type { StepFacts } from "~/domain/entry-steps";
import { type FinancialKind, canSkipConfirmedDocuments, isFinancialKind } from "~/domain/financial-step";
import { financialAnswersOf } from "./form";

/**
 * The error summary's names for the questions; a missing upload's message names its document already.
 * Sent with the page (as the invoice step's labels are), not kept in the page's bundle.
 */
const ANSWER_LABELS: Readonly<Record<string, string>> = {
  can_submit_financial_statements: "決算書類の提出",
  tax_return_submissions: "確定申告書の提出方法",
  includes_sga_expenses: "販売費及び一般管理費の明細",
};

export function financialStepView({ user, draft, files, entries }: StepFacts, url: URL) {
  const filesByKind: Partial<Record<FinancialKind, ReturnType<typeof fileItem>[]>> = {};
  for (const file of files) {
    if (!isFinancialKind(file.kind) || file.error === true) continue;
    (filesByKind[file.kind] ??= []).push(fileItem(file));
  }
  return {
    individual: user.corporate_division === "individual",
    answers: financialAnswersOf(draft),
    filesByKind,
    saved: url.searchParams.get("saved") === "1",
    confirmed: canSkipConfirmedDocuments(confirmedDocumentFacts(user, entries, "financial_statements")),
    labels: ANSWER_LABELS,
  };
}
