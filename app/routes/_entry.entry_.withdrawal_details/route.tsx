// §2 /entry/withdrawal_details, the withdrawal step: statements and the payout account. Statements are
// added and removed with buttons that work without JavaScript (decision 0006).

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BankAccountFieldset } from "~/components/bank-account-fieldset";
import { BankPickerProvider } from "~/components/bank-field";
import { StatementCard } from "~/components/statement-card";
import { FieldMessage } from "~/components/form/fields";
import { ErrorSummary, FormScope, useField } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { StepFormButtons, StepSavedNotice } from "~/components/step-indicator";
import { WizardIntent } from "~/domain/wizard-intents";
import { DeleteFailure } from "~/components/uploaded-files";
import { usePageFormEncType } from "~/components/upload-slot";
import { formRevision, useUnsavedChanges } from "~/components/use-unsaved-changes";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { stepPageFacts } from "~/forms/wizard-step.server";
import {
  MAX_STATEMENTS,
  hasNoPayoutAccount,
  statementUploadKinds,
  withdrawalSummaryLabel,
} from "~/domain/withdrawal-step";
import { hydrates } from "~/routing/page-scripts";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { bankPickerView, pickerSearchFromUrl } from "~/forms/bank-picker.server";
import { json } from "@remix-run/node";
import { loadProfile } from "~/upstream/profile.server";
import { withdrawalStep } from "./step.server";
import { WITHDRAWAL_FORM_ID } from "./form";
import { withdrawalBankFields, withdrawalStepView } from "./view-model";

export const meta = keptFormMeta("入出金明細と振込先口座");
export const handle = hydrates("アップロードの進み具合、金融機関の候補、未保存の警告", [
  ENTRY_STEP_PATHS.submitFinancialStatements,
  ENTRY_STEP_PATHS.submitProfile,
]);

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const facts = await withdrawalStep.guard(ctx);
  // The profile's payout account is read only when the draft has none to show.
  const profileAccount = hasNoPayoutAccount(facts.draft.bank_account)
    ? ((await loadProfile(ctx)).bank_account ?? null)
    : null;
  const view = withdrawalStepView({ ...facts, profileAccount, now: ctx.now, url: ctx.url });
  const bankPicker = bankPickerView(withdrawalBankFields(view), pickerSearchFromUrl(ctx.url));
  return json({ ...view, bankPicker, ...stepPageFacts(ctx, facts) });
}

/** A post that met an ended session: the login in place, what was typed kept (decision 0027). */
export const ErrorBoundary = KeptFormErrorBoundary;

export function action({ context: ctx, request }: ActionFunctionArgs) {
  return withdrawalStep.action(ctx, request);
}

export default function WithdrawalStepPage() {
  const { startDate, statements, bankAccount, confirmed, saved, bankPicker, typedBy } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // With JavaScript, leaving with typed values not yet saved asks first. The revision is the saved
  // text only: an upload (saved at once) must not make unsaved typing look saved.
  useUnsavedChanges(
    WITHDRAWAL_FORM_ID,
    formRevision([statements.map(({ files: _files, ...text }) => text), bankAccount]),
  );
  const formEncType = usePageFormEncType();
  // Uploads the person has since made (with JavaScript, without a new submit) are no longer missing.
  const resolved = (name: string) => {
    const uploads = /^banks\[(\d+)\]\.uploads$/.exec(name);
    const statement = uploads ? statements[Number(uploads[1])] : undefined;
    return Boolean(
      statement &&
      statementUploadKinds(statement.file_format).every((base) => (statement.files[base]?.length ?? 0) > 0),
    );
  };
  return (
    <FormScope id={WITHDRAWAL_FORM_ID} failure={actionData} resolved={resolved}>
      <BankPickerProvider value={bankPicker}>
        <div className="wizard-step">
          <h1>入出金明細と振込先口座</h1>
          <p>
            事業でお使いの口座の入出金明細（通帳またはインターネットバンキングの画面）と、買取代金のお振込先口座をご登録ください。
          </p>
          <p className="statement-start-date" data-testid="withdrawals-start-date">
            {startDate}以降の入出金がわかるものをご用意ください。
          </p>
          {saved && !actionData ? <StepSavedNotice /> : null}
          {confirmed ? (
            <p className="notice" data-testid="withdrawals-confirmed">
              前回ご提出いただいた入出金明細は確認済みのため、今回は提出を省略できます。新しい明細がある場合はご登録ください。
            </p>
          ) : null}
          <ErrorSummary labels={withdrawalSummaryLabel} />
          <DeleteFailure />
          {/* Enter in a field saves (the form's first submit button), never removes a statement. */}
          <SubmitButton form={WITHDRAWAL_FORM_ID} intent={WizardIntent.saveDraft} hidden>
            保存
          </SubmitButton>

          <section className="wizard-section" id="statements" aria-labelledby="statements-title">
            <h2 id="statements-title">1. 入出金明細</h2>
            <p>
              口座ごとに、通帳なら「表紙」と「入出金のページ」、インターネットバンキングなら「口座情報の画面」と「入出金明細の画面」をアップロードしてください。口座は
              {MAX_STATEMENTS}個まで登録できます。
            </p>
            <StatementsMessage />
            <ol className="statement-list" aria-label="入出金明細の口座">
              {statements.map((statement, index) => (
                <StatementCard
                  // A new key when statements are added or removed: each card then shows what was saved.
                  key={`${statements.length}-${index}`}
                  form={WITHDRAWAL_FORM_ID}
                  index={index}
                  removable={statements.length > 1}
                  statement={statement}
                />
              ))}
            </ol>
            {statements.length < MAX_STATEMENTS ? (
              <div>
                <SubmitButton
                  form={WITHDRAWAL_FORM_ID}
                  intent="add_bank"
                  variant="secondary"
                  pendingText="追加しています…"
                >
                  口座を追加する
                </SubmitButton>
              </div>
            ) : null}
          </section>

          <section className="wizard-section" aria-labelledby="payout-title">
            <h2 id="payout-title">2. お振込先口座</h2>
            <BankAccountFieldset account={bankAccount} />
          </section>

          {/* Without JavaScript the form carries the files chosen in the slots (decision 0007). */}
          <Form
            id={WITHDRAWAL_FORM_ID}
            method="post"
            encType={formEncType}
            noValidate
            className="button-row wizard-navigation"
          >
            <TypedByField token={typedBy} />
            <StepFormButtons current="submitWithdrawalsDetail" form={WITHDRAWAL_FORM_ID} />
          </Form>
        </div>
      </BankPickerProvider>
    </FormScope>
  );
}

/** A message about the list of statements as a whole (too many). */
function StatementsMessage() {
  const { id, error } = useField("banks");
  if (!error) return null;
  return (
    <div id={id} tabIndex={-1}>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
