// §2 /entry/entry_invoice, the invoice step. The claims' inputs join the form by their form attribute,
// so each claim's upload slots (forms of their own) stand inside the claim (decision 0006).

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BankPickerProvider } from "~/components/bank-field";
import { ClaimFieldset } from "~/components/claim-fieldset";
import { CLAIM_TOTALS_ID, ClaimTotals } from "~/components/claim-totals";
import { AmountField } from "~/components/form/amount-field";
import { TextAreaField } from "~/components/form/fields";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { SaveDraftButton, StepBackLink, StepSavedNotice } from "~/components/step-indicator";
import { DeleteFailure } from "~/components/uploaded-files";
import { useUnsavedChanges } from "~/components/use-unsaved-changes";
import { usePageFormEncType } from "~/components/upload-slot";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { stepPageFacts } from "~/forms/wizard-step.server";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { WizardIntent } from "~/domain/wizard-intents";
import { INVOICE_FIELDS, PURPOSE_MAX_LENGTH } from "~/domain/invoice-step";
import { japanDate } from "~/domain/japan-date";
import { hydrates } from "~/routing/page-scripts";
import { ENTRY_STEP_PATHS, entryStepLabels } from "~/domain/entry-steps";
import {
  INVOICE_FORM_ID,
  INVOICE_STEP_PATH,
  SUGGESTIONS_PARAM,
  formValuesFromDraft,
  invoiceBankFields,
} from "~/components/invoice-form";
import { MIN_SUGGESTION_QUERY, suggestCorporations } from "~/upstream/houjinbangou.server";
import { json } from "@remix-run/node";
import { bankPickerView, pickerSearchFromUrl } from "~/forms/bank-picker.server";
import { paymentDateCalendar } from "~/lookup/japan-holidays.server";
import { invoiceStep } from "./step.server";
import { type SuggestionSearch } from "~/components/corporation-suggestions";
import { invoiceStepView } from "./view-model";

export const meta = keptFormMeta("請求書の情報");
export const handle = hydrates(
  "アップロードの進み具合、金額と合計の表示、支払期日の案内、候補、未保存の警告",
  [ENTRY_STEP_PATHS.submitFinancialStatements],
);

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const facts = await invoiceStep.guard(ctx);
  // Without JavaScript, 「法人番号を検索」 comes back here with the claim to search for (PRG).
  const claims = formValuesFromDraft(facts.draft).claims;
  const searched = Number(ctx.url.searchParams.get(SUGGESTIONS_PARAM));
  let search: SuggestionSearch | null = null;
  if (Number.isInteger(searched) && searched >= 1 && searched <= claims.length) {
    const query = claims[searched - 1]!.obliger_company_name.trim();
    const results = await suggestCorporations(ctx, query);
    search = { index: searched - 1, query, results, minQuery: MIN_SUGGESTION_QUERY };
  }
  const view = invoiceStepView(facts, search, ctx.url, paymentDateCalendar(japanDate(ctx.now)));
  const bankPicker = bankPickerView(invoiceBankFields(view.values), pickerSearchFromUrl(ctx.url));
  return json({ ...view, bankPicker, ...stepPageFacts(ctx, facts) });
}

/** A post that met an ended session: the login in place, what was typed kept (decision 0027). */
export const ErrorBoundary = KeptFormErrorBoundary;

export function action({ context: ctx, request }: ActionFunctionArgs) {
  return invoiceStep.action(ctx, request);
}

export default function InvoiceStepPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // What was typed when it could not be saved beats the draft (decision 0009).
  const values = data.values;
  useUnsavedChanges(INVOICE_FORM_ID, data.revision);
  const formEncType = usePageFormEncType();
  return (
    <FormScope id={INVOICE_FORM_ID} failure={actionData}>
      <BankPickerProvider value={data.bankPicker}>
        <div className="invoice-step">
          <h1>請求書の情報</h1>
          <p>
            買い取りをご希望の請求書（売掛金）について入力し、請求書のファイルをアップロードしてください。入力内容は「下書き保存」または「次へ」を押すと保存され、あとから続きを入力できます。
          </p>
          {data.saved ? (
            <StepSavedNotice>下書きを保存しました。続きはいつでもこの画面から入力できます。</StepSavedNotice>
          ) : null}
          {/* Remounted whenever the page shows newly saved values, so the inputs start from them. */}
          <Form
            key={data.revision}
            id={INVOICE_FORM_ID}
            method="post"
            action={INVOICE_STEP_PATH}
            // Without JavaScript the form carries the files chosen in the slots (decision 0007).
            encType={formEncType}
            noValidate
            className="form"
          >
            {/* Enter in a field presses this first button: 「次へ」, not a search or a delete further down. */}
            <SubmitButton form={INVOICE_FORM_ID} intent={WizardIntent.next} hidden>
              次へ
            </SubmitButton>
            <TypedByField token={data.typedBy} />
            <ErrorSummary labels={data.labels} />
            <DeleteFailure />
            <div className="desired-amount">
              <AmountField
                name="purchase_amount_desired"
                label={INVOICE_FIELDS.purchase_amount_desired.label}
                required
                defaultValue={values.purchase_amount_desired}
                describedBy={CLAIM_TOTALS_ID}
                hint="買い取りを希望する金額を、円単位の数字で入力してください（例：1,000,000）。全角数字やカンマ付きでもかまいません。"
              />
              <ClaimTotals
                key={data.revision}
                formId={INVOICE_FORM_ID}
                values={{ desired: values.purchase_amount_desired, claims: values.claims }}
              />
            </div>
            <TextAreaField
              name="purpose"
              label={INVOICE_FIELDS.purpose.label}
              required
              maxLength={PURPOSE_MAX_LENGTH}
              defaultValue={values.purpose}
              hint={`お受け取りになる資金を何に使うご予定か、${PURPOSE_MAX_LENGTH}文字以内で入力してください（例：仕入れ代金の支払い）。`}
            />
          </Form>

          <section id="claims" aria-labelledby="claims-title" className="claims">
            <h2 id="claims-title">請求書（{data.claimCount}件）</h2>
            <p className="field-hint">請求書は1件から{MAX_CLAIMS_PER_ENTRY}件まで登録できます。</p>
            {/* The view model gives every claim its values (claimCount is their number), so the page needs
              no empty claim of its own. */}
            {values.claims.map((claim, index) => (
              <ClaimFieldset
                key={`${data.revision}-${index}`}
                formId={INVOICE_FORM_ID}
                index={index}
                claimCount={data.claimCount}
                values={claim}
                files={data.claimFiles[index]!}
                suggestions={data.suggestions?.index === index ? data.suggestions : null}
                calendar={data.calendar}
              />
            ))}
            <div className="claim-add">
              <SubmitButton
                form={INVOICE_FORM_ID}
                intent="add_claim"
                variant="secondary"
                pendingText="追加しています…"
              >
                請求書を追加する
              </SubmitButton>
              <p className="field-hint">{data.addClaimHint}</p>
            </div>
          </section>

          <div className="step-actions button-row">
            <SaveDraftButton form={INVOICE_FORM_ID} />
            <SubmitButton form={INVOICE_FORM_ID} intent={WizardIntent.next} pendingText="保存しています…">
              次へ（{entryStepLabels(data.division).submitFinancialStatements}）
            </SubmitButton>
            {/* As on every step; the first has no step before it, so nothing shows. It also makes the four
              wizard pages reach the same step modules: one browser chunk for them instead of two. */}
            <StepBackLink current="submitInvoices" form={INVOICE_FORM_ID} />
          </div>
        </div>
      </BankPickerProvider>
    </FormScope>
  );
}
