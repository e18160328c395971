// The financial step page's view model: only what the page shows. Pure (the loader makes the calls).

import { confirmedDocumentFacts, fileItem } from "~/domain/entry-documents";
import type { StepFacts } from "~/domain/entry-steps";
import type { FinancialKind } from "~/domain/file-kinds";
import { FINANCIAL_FIELDS, canSkipConfirmedDocuments, isFinancialKind } from "~/domain/financial-step";
import { labelsOf } from "~/domain/form-fields";
import { financialAnswersOf } from "./form";

export function financialStepView({ user, draft, files, entries }: StepFacts, url: URL) {
  const filesByKind: Partial<Record<FinancialKind, ReturnType<typeof fileItem>[]>> = {};
  for (const file of files) {
    if (!isFinancialKind(file.kind) || file.error === true) continue;
    (filesByKind[file.kind] ??= []).push(fileItem(file));
  }
  return {
    individual: user.corporate_division === "individual",
    division: user.corporate_division ?? null,
    answers: financialAnswersOf(draft),
    filesByKind,
    saved: url.searchParams.get("saved") === "1",
    confirmed: canSkipConfirmedDocuments(confirmedDocumentFacts(user, entries, "financial_statements")),
    // Sent with the page, not kept in its bundle.
    labels: labelsOf(FINANCIAL_FIELDS),
  };
}
