// §2 /entry, the financial step: the answers decide the documents (§4, §5). Without JavaScript an
// answer is a POST that saves the draft and shows the right slots (decision 0006).

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { FinancialQuestions, FinancialUploads } from "~/components/financial-documents";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SaveDraftButton, StepFormButtons, StepSavedNotice } from "~/components/step-indicator";
import { DeleteFailure } from "~/components/uploaded-files";
import { formRevision, useUnsavedChanges } from "~/components/use-unsaved-changes";
import { usePageFormEncType } from "~/components/upload-slot";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { stepPageFacts } from "~/forms/wizard-step.server";
import {
  type FinancialAnswers,
  financialDocumentType,
  isFinancialKind,
  requiredFinancialKinds,
} from "~/domain/financial-step";
import { hydrates } from "~/routing/page-scripts";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { businessWords } from "~/domain/business-types";
import { json } from "@remix-run/node";
import { financialStep } from "./step.server";
import { FINANCIAL_FORM_ID } from "./form";
import { financialStepView } from "./view-model";

/** The step's title: a sole proprietor submits the 確定申告書, a corporation the 決算書類. */
const stepTitle = (division: unknown) => `${businessWords(division).financialDocuments}の提出`;

export const meta = keptFormMeta((data) => stepTitle((data as { division?: unknown } | undefined)?.division));
export const handle = hydrates("アップロードの進み具合、金融機関の候補、未保存の警告", [
  ENTRY_STEP_PATHS.submitInvoices,
  ENTRY_STEP_PATHS.submitWithdrawalsDetail,
]);

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const state = await financialStep.guard(ctx);
  return json({ ...financialStepView(state, ctx.url), ...stepPageFacts(ctx, state) });
}

/** A post that met an ended session: the login in place, what was typed kept (decision 0027). */
export const ErrorBoundary = KeptFormErrorBoundary;

export function action({ context: ctx, request }: ActionFunctionArgs) {
  return financialStep.action(ctx, request);
}

export default function FinancialStepPage() {
  const {
    individual,
    division,
    answers: saved,
    filesByKind,
    saved: justSaved,
    confirmed,
    labels,
    typedBy,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [answers, setAnswers] = useState<FinancialAnswers>(saved);
  // With JavaScript, leaving with answers not yet saved asks first (files save as they upload).
  useUnsavedChanges(FINANCIAL_FORM_ID, formRevision(saved));
  const formEncType = usePageFormEncType();
  const type = financialDocumentType(
    individual ? "individual" : "corporate",
    answers.can_submit_financial_statements,
    answers.tax_return_submissions,
  );
  const kinds = requiredFinancialKinds(type, answers.includes_sga_expenses);
  // A file uploaded since (with JavaScript) is no longer missing.
  const resolved = (name: string) => {
    const kind = name.replace(/^upload_/, "");
    return name !== kind && isFinancialKind(kind) && (filesByKind[kind]?.length ?? 0) > 0;
  };
  return (
    <FormScope id={FINANCIAL_FORM_ID} failure={actionData} resolved={resolved}>
      <div className="wizard-step">
        <h1>{stepTitle(division)}</h1>
        <p>
          {individual
            ? "事業の状況を確認するため、確定申告書（または開業届の控え）をご提出ください。"
            : "事業の状況を確認するため、決算書（または試算表）をご提出ください。"}
          質問にお答えいただくと、必要な書類が表示されます。
        </p>
        {justSaved && !actionData ? <StepSavedNotice /> : null}
        {confirmed ? (
          <p className="notice" data-testid="financial-confirmed">
            {`前回ご提出いただいた${businessWords(division).financialDocuments}は確認済みのため、今回は提出を省略できます。新しい書類がある場合はアップロードしてください。`}
          </p>
        ) : null}
        <ErrorSummary labels={labels} />
        <DeleteFailure />

        <section className="wizard-section" aria-labelledby="financial-questions-title">
          <h2 id="financial-questions-title">1. ご提出いただける書類</h2>
          {/* Without JavaScript the form carries the files chosen in the slots (decision 0007). */}
          <Form id={FINANCIAL_FORM_ID} method="post" encType={formEncType} className="form" noValidate>
            <TypedByField token={typedBy} />
            <FinancialQuestions individual={individual} answers={answers} onChange={setAnswers} />
            <div className="financial-apply">
              <SaveDraftButton form={FINANCIAL_FORM_ID}>回答を保存して必要な書類を表示する</SaveDraftButton>
            </div>
          </Form>
        </section>

        <section className="wizard-section" id="documents" aria-labelledby="financial-documents-title">
          <h2 id="financial-documents-title">2. 書類のアップロード</h2>
          <FinancialUploads form={FINANCIAL_FORM_ID} type={type} kinds={kinds} filesByKind={filesByKind} />
        </section>

        <div className="button-row wizard-navigation">
          <StepFormButtons current="submitFinancialStatements" form={FINANCIAL_FORM_ID} />
        </div>
      </div>
    </FormScope>
  );
}
