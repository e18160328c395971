// The financial step's form: its id and its answers, read through the step's fields table
// (docs/decisions/0030-a-field-declared-once.md). Pure: used by the action and the view model.

import { type FinancialAnswers, FINANCIAL_FIELDS } from "~/domain/financial-step";
import { postedText, readRow, viewRow } from "~/domain/form-fields";

/** Its fields join it by the `form` attribute; failures name it. */
export const FINANCIAL_FORM_ID = "financial-form";

/** The answers as posted; an unanswered (or unknown) answer is null, as the draft keeps it. */
export const financialAnswersFrom = (formData: FormData): FinancialAnswers =>
  readRow(FINANCIAL_FIELDS, (name) => postedText(formData, name));

export const financialAnswersOf = (draft: Partial<FinancialAnswers>): FinancialAnswers =>
  viewRow(FINANCIAL_FIELDS, draft);
