// §2 /entry/resubmit/:entryId (decision 0011): only what the operator found inadequate can change;
// §5 "Resubmit skips bank checks", so the receiving account is shown, not asked.

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { InadequateReason } from "~/components/inadequate-reason";
import { ClaimInvoiceFields, ClaimUploads } from "~/components/claim-fieldset";
import { Fact } from "~/components/entry-figures";
import { ContactDesk } from "~/components/contact-desk";
import { ErrorSummary, FormScope, useField } from "~/components/form/scope";
import { StatementUploads } from "~/components/statement-card";
import { useHydrated } from "~/components/use-hydrated";
import { MAX_STATEMENTS, effectiveFileFormat, statementField } from "~/domain/withdrawal-step";
import { SubmitButton } from "~/components/form/submit-button";
import type { SuggestionsView } from "~/components/houjinbangou-field";
import { UploadSlot, usePageFormEncType } from "~/components/upload-slot";
import { DeleteFailure, SubmittedFiles, UploadedFiles } from "~/components/uploaded-files";
import type { BankCalendar } from "~/domain/bank-calendar";
import { japanDate } from "~/domain/japan-date";
import { IDEMPOTENCY_KEY_FIELD, reviewIdempotencyKey } from "~/domain/entry-body";
import { isIndividual } from "~/domain/user";
import { KeptFormErrorBoundary, TypedByField, keptFormMeta } from "~/components/session-ended-login";
import { keepTypedThroughLogin } from "~/forms/session-resume.server";
import { typedByToken } from "~/forms/typist.server";
import { hydrates } from "~/routing/page-scripts";
import { digitsParam } from "~/request/route-params.server";
import accountStyles from "~/styles/account.css";
import detailStyles from "~/styles/entry-detail.css";
import financialStyles from "~/styles/financial-step.css";
import invoiceStyles from "~/styles/invoice-step.css";
import {
  ADD_STATEMENT_INTENT,
  RESUBMIT_FORM_ID,
  RESUBMIT_INTENT,
  SHOW_FORMAT_INTENT,
  STATEMENT_COUNT_FIELD,
} from "./form";
import { json } from "@remix-run/node";
import { loadEntry } from "~/upstream/entries.server";
import { loadPendingFiles } from "~/upstream/draft.server";
import { paymentDateCalendar } from "~/lookup/japan-holidays.server";
import { requireUser } from "~/request/guards.server";
import { resubmitAction } from "./resubmit.server";
import { type ResubmitView, resubmitView } from "./view-model";

export const meta = keptFormMeta("書類の再提出");
export const ErrorBoundary = KeptFormErrorBoundary;
export const handle = hydrates("アップロードの進み具合");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: invoiceStyles },
  { rel: "stylesheet", href: detailStyles },
  // The statement accounts' cards and slots, as on the withdrawal step.
  { rel: "stylesheet", href: financialStyles },
];

export async function loader({ context: ctx, params }: LoaderFunctionArgs) {
  // §2 "Route validation failure shows page not found", before anything else.
  const id = digitsParam(params.entryId);
  const user = await requireUser(ctx);
  const [entry, pending] = await Promise.all([loadEntry(ctx, id), loadPendingFiles(ctx)]);
  // The payment date's bank-holiday hint needs the holidays it may fall on.
  const calendar = paymentDateCalendar(japanDate(ctx.now));
  // Drawn with the page: its presses share it, the next page gets another (decision 0024).
  const reviewKey = reviewIdempotencyKey(entry.id);
  return json({
    ...resubmitView(entry, pending, isIndividual(user)),
    calendar,
    reviewKey,
    typedBy: typedByToken(user.id, ctx.now),
  });
}

export async function action({ context: ctx, params, request }: ActionFunctionArgs) {
  const id = digitsParam(params.entryId);
  // An ended session keeps what was typed; after the login the form is back filled, not sent: only
  // the person's own press resubmits (decision 0027).
  return keepTypedThroughLogin(
    ctx,
    request,
    { afterLogin: "show", formId: RESUBMIT_FORM_ID },
    async (request, keep) => resubmitAction(ctx, request, id, isIndividual(await requireUser(ctx)), keep),
  );
}

type EditableClaim = Extract<ResubmitView["claims"][number], { editable: true }>;

export default function ResubmitPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const formEncType = usePageFormEncType();
  // Without JavaScript, 「法人番号を検索」 answers with the suggestions for one claim.
  const suggestions =
    answer && "suggestions" in answer ? ((answer.suggestions as SuggestionsView | null) ?? null) : null;
  return (
    <div className="entry-detail resubmit">
      <p className="link-list">
        <Link to={view.detailPath}>お申し込みの詳細へ戻る</Link>
      </p>
      <h1>書類の再提出</h1>
      <p className="entry-detail-head">
        <span className="entry-code">申込番号 {view.code}</span>
      </p>
      {view.refusal ? (
        <div className="alert" role="alert">
          <p>{view.refusal}</p>
          <p className="link-list">
            <Link to={view.detailPath}>お申し込みの詳細を見る</Link>
          </p>
        </div>
      ) : (
        <FormScope id={RESUBMIT_FORM_ID} failure={answer} labels={view.labels}>
          <div data-testid="resubmission-intro">
            {view.intro?.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {view.reason ? <InadequateReason reason={view.reason} testId="inadequate-documents" /> : null}
          <Form
            id={RESUBMIT_FORM_ID}
            method="post"
            // Without JavaScript the form carries the files chosen in the slots (decision 0007).
            encType={formEncType}
            noValidate
            className="form"
          >
            {/* Enter in a field sends the resubmission, not a search further down. */}
            <SubmitButton form={RESUBMIT_FORM_ID} intent={RESUBMIT_INTENT} hidden>
              再提出する
            </SubmitButton>
            <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={view.reviewKey} />
            <TypedByField token={view.typedBy} />
            <ErrorSummary />
            <DeleteFailure />
          </Form>

          <section className="my-page-section claims" id="claims" aria-labelledby="claims-title">
            <h2 id="claims-title">請求書（{view.claims.length}件）</h2>
            {view.claims.map((claim) =>
              claim.editable ? (
                <EditableClaimFieldset
                  key={claim.id}
                  claim={claim}
                  suggestions={suggestions}
                  calendar={view.calendar}
                />
              ) : (
                <section
                  key={claim.id}
                  className="claim-detail"
                  aria-labelledby={`claim-${claim.number}-title`}
                >
                  <h3 id={`claim-${claim.number}-title`}>
                    請求書{claim.number}（{claim.code}）{" "}
                    <span className="status-badge status-neutral">
                      <span className="visually-hidden">状態：</span>
                      {claim.statusLabel}
                    </span>
                  </h3>
                  <p className="field-hint">この請求書に不備はありません。再提出では変更できません。</p>
                  <dl className="summary-list">
                    <Fact term="売掛先" value={claim.debtor} />
                    <Fact term="請求書額面" value={claim.amount} />
                    <Fact term="入金予定日" value={claim.paymentDate} />
                  </dl>
                </section>
              ),
            )}
          </section>

          {view.groups.length > 0 ? (
            <section className="my-page-section" id="documents" aria-labelledby="documents-title">
              <h2 id="documents-title">再提出する書類</h2>
              {view.groups.map((group) => (
                <section key={group.group} aria-labelledby={`group-${group.group}-title`}>
                  <h3 id={`group-${group.group}-title`}>{group.title}</h3>
                  <p className="field-hint">
                    {group.need ?? ""}
                    提出済みのファイルはそのまま再提出し、新しくアップロードしたファイルを加えます。差し替えるファイルは「再提出に含めない」を選んでください。
                  </p>
                  {group.group === "withdrawals_detail" ? (
                    <StatementAccounts statements={view.statements} />
                  ) : (
                    <div className="claim-upload-grid">
                      {group.slots.map((slot) => (
                        <div key={slot.slot} className="claim-upload">
                          <UploadSlot
                            slot={slot.slot}
                            label={slot.label}
                            kind={slot.kind}
                            stepForm={RESUBMIT_FORM_ID}
                          />
                          <SubmittedFiles files={slot.submitted} label={slot.label} omittable />
                          <UploadedFiles files={slot.files} label={slot.label} />
                        </div>
                      ))}
                    </div>
                  )}
                </section>
              ))}
            </section>
          ) : null}

          <div className="button-row">
            <SubmitButton form={RESUBMIT_FORM_ID} intent={RESUBMIT_INTENT} pendingText="再提出しています…">
              再提出する
            </SubmitButton>
            <Link to={view.detailPath}>再提出せずに戻る</Link>
          </div>
        </FormScope>
      )}
    </div>
  );
}

/** An inadequate claim: the operator's words, the invoice step's fields and its two upload slots. */
function EditableClaimFieldset({
  claim,
  suggestions,
  calendar,
}: {
  claim: EditableClaim;
  suggestions: SuggestionsView | null;
  calendar: BankCalendar;
}) {
  return (
    <fieldset className="claim" id={`claim-${claim.number}`}>
      <legend className="claim-legend">
        請求書{claim.number}（{claim.code}）：<span className="claim-legend-status">{claim.statusLabel}</span>
      </legend>
      {claim.reason ? <InadequateReason reason={claim.reason} /> : null}
      <ClaimInvoiceFields
        formId={RESUBMIT_FORM_ID}
        index={claim.index}
        values={claim.values}
        suggestions={suggestions?.index === claim.index ? suggestions : null}
        calendar={calendar}
      />
      <h3 className="claim-section-title">売掛先からの入金口座（お客様の口座）</h3>
      <p>{claim.account || "（未登録）"}</p>
      <p className="field-hint">
        入金口座は再提出では変更できません。変更が必要な場合は、
        <ContactDesk />
        までお問い合わせください。
      </p>
      <h3 className="claim-section-title">書類</h3>
      <ClaimUploads
        formId={RESUBMIT_FORM_ID}
        index={claim.index}
        files={claim.files}
        hint={[
          ...claim.needs,
          "新しくアップロードしたファイルは、同じ書類の提出済みファイルと差し替えて再提出します。",
        ].join("")}
        noScriptHint="JavaScriptが無効な場合は、ファイルを選んで「アップロードする」を押してください（「再提出する」でも送信されます）。入力済みの内容はそのまま残ります。"
      />
    </fieldset>
  );
}

/**
 * The entry's statement accounts with the wizard's format choice and slots; 口座を追加する shows one
 * more, kept on the page by the form's count until its files keep it.
 */
function StatementAccounts({ statements }: { statements: ResubmitView["statements"] }) {
  const count = useField(STATEMENT_COUNT_FIELD);
  const hydrated = useHydrated();
  const shown = Math.min(MAX_STATEMENTS, Math.max(statements.length, Number(count.defaultValue) || 0));
  const accounts = Array.from(
    { length: shown },
    (_, index) =>
      statements[index] ?? {
        index,
        displayId: index + 1,
        format: "passbook" as const,
        submitted: {},
        files: {},
      },
  );
  return (
    <>
      <input type="hidden" name={STATEMENT_COUNT_FIELD} value={shown} form={RESUBMIT_FORM_ID} />
      <ol className="statement-list" aria-label="入出金明細の口座">
        {accounts.map((account) => (
          <StatementAccount key={account.displayId} account={account} hydrated={hydrated} />
        ))}
      </ol>
      {shown < MAX_STATEMENTS ? (
        <SubmitButton form={RESUBMIT_FORM_ID} intent={ADD_STATEMENT_INTENT} variant="secondary">
          口座を追加する
        </SubmitButton>
      ) : null}
    </>
  );
}

function StatementAccount({
  account,
  hydrated,
}: {
  account: ResubmitView["statements"][number];
  hydrated: boolean;
}) {
  // What was sent last beats what the files say: the owner's choice, even before a file of it.
  const sent = useField(statementField(account.index, "file_format")).defaultValue;
  const format = sent ? effectiveFileFormat(sent) : account.format;
  return (
    <li
      className="statement-card"
      id={`bank-${account.displayId}`}
      aria-labelledby={`bank-${account.displayId}-title`}
    >
      <h4 id={`bank-${account.displayId}-title`}>口座{account.displayId}</h4>
      <StatementUploads
        key={format}
        form={RESUBMIT_FORM_ID}
        index={account.index}
        format={format}
        files={account.files}
        submitted={account.submitted}
      >
        {/* With JavaScript the slots follow the choice at once. */}
        {hydrated ? null : (
          <SubmitButton form={RESUBMIT_FORM_ID} intent={SHOW_FORMAT_INTENT} variant="secondary">
            選んだ形式のアップロード欄を表示する
          </SubmitButton>
        )}
      </StatementUploads>
    </li>
  );
}
