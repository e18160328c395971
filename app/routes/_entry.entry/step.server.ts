// The financial step's server half, through the wizard's step helper (decision 0010).

import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { confirmedDocumentFacts } from "~/domain/entry-documents";
import { financialStepProblems, isFinancialKind, isFinancialStepComplete } from "~/domain/financial-step";
import { defineWizardStep } from "~/forms/wizard-step.server";
import { FINANCIAL_FORM_ID, financialAnswersFrom } from "./form";

export const financialStep = defineWizardStep({
  step: "submitFinancialStatements",
  formId: FINANCIAL_FORM_ID,
  read: (formData) => ({ values: financialAnswersFrom(formData), problems: {} }),
  patch: (answers) => answers,
  uploads: () => ({
    accepts: (kind, side) => isFinancialKind(kind) && side === undefined,
    // A document of several pages takes several files (decision 0035): each new one joins the list.
    redirectTo: (fields) =>
      `${ENTRY_STEP_PATHS.submitFinancialStatements}#${encodeURIComponent(`field-upload_${fields.kind}`)}`,
  }),
  deletion: { anchor: "#documents" },
  problems: (saved, { user, entries, files }) => {
    const facts = confirmedDocumentFacts(user, entries, "financial_statements");
    return isFinancialStepComplete(saved, user.corporate_division, files, facts)
      ? {}
      : financialStepProblems(saved, user.corporate_division, files);
  },
  savedAnchor: "#documents",
});
