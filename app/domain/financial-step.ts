// §2 financial step (/entry): the questions (a field table, docs/decisions/0030-a-field-declared-once.md),
// the documents they ask for (§4, §5) and when the step is satisfied. Pure.

import type { DraftEntry, PendingFile } from "./draft-entry";
import {
  type CorporateDivision,
  type FinancialStatementType,
  TAX_RETURN_SUBMISSION_METHODS,
  type TaxReturnSubmissionMethod,
} from "./enumerations";
import { type FieldRow, choiceField, flagField } from "./form-fields";
import { FINANCIAL_KINDS, type FinancialKind, uploadFieldName } from "./file-kinds";

export function isFinancialKind(kind: string): kind is FinancialKind {
  return (FINANCIAL_KINDS as readonly string[]).includes(kind);
}

/** §4 "Financial document type"; null while the answers that decide it are missing. */
export function financialDocumentType(
  division: CorporateDivision | null | undefined,
  canSubmit: boolean | null | undefined,
  taxMethod: TaxReturnSubmissionMethod | null | undefined,
): FinancialStatementType | null {
  if (canSubmit === null || canSubmit === undefined) return null;
  if (division === "individual") {
    if (!canSubmit) return "businessOpening";
    if (taxMethod === "e_tax") return "declarationETax";
    if (taxMethod === "document") return "declarationDocument";
    return null;
  }
  return canSubmit ? "financialStatements" : "trialBalance";
}

/** §5 "Financial documents"; only an explicit "no" to SGA details drops that document. */
export function requiredFinancialKinds(
  type: FinancialStatementType | null,
  includesSga: boolean | null | undefined,
): FinancialKind[] {
  switch (type) {
    case "financialStatements":
      return includesSga === false
        ? ["pl", "bs", "breakdown_statement"]
        : ["pl", "bs", "breakdown_statement", "sga_expenses"];
    case "trialBalance":
      return ["tb_pl", "tb_bs"];
    case "declarationETax":
    case "declarationDocument":
      return ["tax_returns"];
    case "businessOpening":
      return ["business_opening"];
    default:
      return [];
  }
}

export const FINANCIAL_DOCUMENT_TYPE_LABELS: Record<FinancialStatementType, string> = {
  financialStatements: "決算書",
  trialBalance: "試算表",
  declarationETax: "確定申告書（e-Taxで提出したもの）",
  declarationDocument: "確定申告書（書面で提出したもの）",
  businessOpening: "開業届",
};

export const FINANCIAL_KIND_LABELS: Record<FinancialKind, string> = {
  pl: "損益計算書",
  bs: "貸借対照表",
  breakdown_statement: "勘定科目内訳明細書",
  sga_expenses: "販売費及び一般管理費の明細",
  tb_pl: "試算表（損益計算書）",
  tb_bs: "試算表（貸借対照表）",
  tax_returns: "確定申告書",
  business_opening: "開業届（個人事業の開業・廃業等届出書）の控え",
};

/** The names of the step's answers, as the draft (and the form) spell them. */
export type FinancialAnswerField =
  "can_submit_financial_statements" | "tax_return_submissions" | "includes_sga_expenses";

export const FinancialStepMessage = {
  /** §5 "A yes/no choice on whether financial statements can be submitted is required." */
  canSubmitRequired: "決算書類を提出できるかどうかを選択してください。",
  taxMethodRequired: "確定申告書の提出方法を選択してください。",
  sgaRequired: "販売費及び一般管理費の明細があるかどうかを選択してください。",
  uploadRequired: (kind: FinancialKind) => `${FINANCIAL_KIND_LABELS[kind]}をアップロードしてください。`,
} as const;

export const FINANCIAL_FIELDS = {
  can_submit_financial_statements: flagField("決算書類の提出"),
  tax_return_submissions: choiceField("確定申告書の提出方法", TAX_RETURN_SUBMISSION_METHODS, (text) =>
    (TAX_RETURN_SUBMISSION_METHODS as readonly string[]).includes(text)
      ? (text as TaxReturnSubmissionMethod)
      : null,
  ),
  // The question is whether that document exists.
  includes_sga_expenses: flagField(FINANCIAL_KIND_LABELS.sga_expenses),
} as const;

export type FinancialAnswers = FieldRow<typeof FINANCIAL_FIELDS>;

export function financialQuestions(
  division: CorporateDivision | null | undefined,
  answers: FinancialAnswers,
) {
  const individual = division === "individual";
  return {
    asksTaxMethod: individual && answers.can_submit_financial_statements === true,
    /** A corporation (or unselected user) with financial statements says whether SGA details exist. */
    asksSga: !individual && answers.can_submit_financial_statements === true,
  };
}

/** §3 "uploaded flags by kind": a pending file of that kind exists without error. */
export function isKindUploaded(kind: string, files: readonly PendingFile[]): boolean {
  return files.some((file) => file.kind === kind && file.error !== true);
}

export function financialStepProblems(
  draft: Pick<DraftEntry, FinancialAnswerField>,
  division: CorporateDivision | null | undefined,
  files: readonly PendingFile[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const answers: FinancialAnswers = {
    can_submit_financial_statements: draft.can_submit_financial_statements ?? null,
    tax_return_submissions: draft.tax_return_submissions ?? null,
    includes_sga_expenses: draft.includes_sga_expenses ?? null,
  };
  if (answers.can_submit_financial_statements === null) {
    problems.can_submit_financial_statements = FinancialStepMessage.canSubmitRequired;
    return problems;
  }
  const questions = financialQuestions(division, answers);
  if (questions.asksTaxMethod && answers.tax_return_submissions === null) {
    problems.tax_return_submissions = FinancialStepMessage.taxMethodRequired;
  }
  if (questions.asksSga && answers.includes_sga_expenses === null) {
    problems.includes_sga_expenses = FinancialStepMessage.sgaRequired;
  }
  const type = financialDocumentType(
    division,
    answers.can_submit_financial_statements,
    answers.tax_return_submissions,
  );
  for (const kind of requiredFinancialKinds(type, answers.includes_sga_expenses)) {
    if (!isKindUploaded(kind, files))
      problems[uploadFieldName(kind)] = FinancialStepMessage.uploadRequired(kind);
  }
  return problems;
}

export function isFinancialStepSatisfied(
  draft: Pick<DraftEntry, FinancialAnswerField>,
  division: CorporateDivision | null | undefined,
  files: readonly PendingFile[],
): boolean {
  return Object.keys(financialStepProblems(draft, division, files)).length === 0;
}

/** Facts from the user and the entries that let a confirmed document stand in for a new one. */
export interface ConfirmedDocumentFacts {
  /** §4 the user's status for this document counts as confirmed (confirming or confirmed). */
  confirmed: boolean;
  hasInadequateClaim: boolean;
  hasDelayClaim: boolean;
}

/** §4 "The financial step is similar" to the withdrawal step: satisfied, or confirmed and unblocked. */
export function isFinancialStepComplete(
  draft: Pick<DraftEntry, FinancialAnswerField>,
  division: CorporateDivision | null | undefined,
  files: readonly PendingFile[],
  facts: ConfirmedDocumentFacts,
): boolean {
  return isFinancialStepSatisfied(draft, division, files) || canSkipConfirmedDocuments(facts);
}

/** §4 the confirmed branch: confirmed, with no inadequate claim and no delay claim. */
export function canSkipConfirmedDocuments(facts: ConfirmedDocumentFacts): boolean {
  return facts.confirmed && !facts.hasInadequateClaim && !facts.hasDelayClaim;
}
