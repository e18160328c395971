// The financial step's form (§2 /entry, step submitFinancialStatements): its id, its fields (the draft's
// own keys: can_submit_financial_statements, tax_return_submissions, includes_sga_expenses) read back
// into the answers the draft stores. Pure: used by the action and the view model.

import { TAX_RETURN_SUBMISSION_METHODS, type TaxReturnSubmissionMethod } from "~/domain/enumerations";
import type { FinancialAnswers } from "~/domain/financial-step";

/** The id of the step's form: its fields join it by the `form` attribute; failures name it. */
export const FINANCIAL_FORM_ID = "financial-form";

function flag(value: FormDataEntryValue | null): boolean | null {
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

function taxMethod(value: FormDataEntryValue | null): TaxReturnSubmissionMethod | null {
  return (TAX_RETURN_SUBMISSION_METHODS as readonly unknown[]).includes(value)
    ? (value as TaxReturnSubmissionMethod)
    : null;
}

/** The answers as posted; an unanswered (or unknown) answer is null, as the draft keeps it. */
export function financialAnswersFrom(formData: FormData): FinancialAnswers {
  return {
    can_submit_financial_statements: flag(formData.get("can_submit_financial_statements")),
    tax_return_submissions: taxMethod(formData.get("tax_return_submissions")),
    includes_sga_expenses: flag(formData.get("includes_sga_expenses")),
  };
}

/** The answers the draft holds, as the form shows them. */
export function financialAnswersOf(draft: Partial<FinancialAnswers>): FinancialAnswers {
  return {
    can_submit_financial_statements: draft.can_submit_financial_statements ?? null,
    tax_return_submissions: draft.tax_return_submissions ?? null,
    includes_sga_expenses: draft.includes_sga_expenses ?? null,
  };
}
