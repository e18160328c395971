// §2 /profile/before_entry, the wizard's submitProfile step: the entry as it will be sent, then §7
// POST /api/entries/ with every first-submit rule of §5 → /entry/complete.

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { Fact } from "~/components/entry-figures";
import { PayoutAccount } from "~/components/payout-account";
import { StatementSummary } from "~/components/statement-card";
import { FileGroupRows } from "~/components/uploaded-files";
import { StepBackLink } from "~/components/step-indicator";
import { IDEMPOTENCY_KEY_FIELD, entryBodyFromDraft, postedIdempotencyKey } from "~/domain/entry-body";
import { businessWords } from "~/domain/business-types";
import { ENTRY_STEP_PATHS, entryCompletePath } from "~/domain/entry-steps";
import { entryDocumentKinds } from "~/domain/wizard-progress";
import { pageTitle } from "~/routing/meta";
import { whenRefused } from "~/upstream/errors.server";
import { json, redirect } from "@remix-run/node";
import { loadProfile } from "~/upstream/profile.server";
import { readForm } from "~/forms/read-form.server";
import { requireEntryStep, requireEntrySubmit } from "~/request/entry-guard.server";
import { paymentDatesOn } from "~/lookup/japan-holidays.server";
import { submitEntry } from "~/upstream/entries.server";
import { beforeEntryView, saveFailure } from "./before-entry.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "会員情報の確認とお申し込み")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const state = await requireEntryStep(ctx, "submitProfile", paymentDatesOn(ctx.now));
  const profile = await loadProfile(ctx);
  return json({ ...beforeEntryView(profile, state, ctx.now), division: profile.corporate_division });
}

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  const form = await readForm(request);
  // A second press lands on the entry the first made (decision 0024).
  const { draft, files, user } = await requireEntrySubmit(
    ctx,
    postedIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD)),
    paymentDatesOn(ctx.now),
  );
  const body = entryBodyFromDraft(draft, files, entryDocumentKinds(draft, user));
  return whenRefused(async () => redirect(entryCompletePath((await submitEntry(ctx, body)).id)), saveFailure);
}

export default function BeforeEntryPage() {
  const { profile, entry, saveFailedTitle, idempotencyKey, division } = useLoaderData<typeof loader>();
  const words = businessWords(division);
  const actionData = useActionData<typeof action>();
  return (
    <FormScope failure={actionData}>
      <h1>会員情報の確認とお申し込み</h1>
      {/* The entry layout shows the notices carried in the URL. */}
      {/* §8 "Save failure: 申込みに失敗しました with detail エラーのある項目をご確認ください". */}
      <ErrorSummary title={saveFailedTitle}>
        <p>
          <Link to={ENTRY_STEP_PATHS.submitInvoices}>請求書の入力に戻る</Link>
        </p>
      </ErrorSummary>
      <section className="profile-section" aria-labelledby="profile-summary">
        <h2 id="profile-summary">会員情報</h2>
        <dl className="summary-list">
          <div>
            <dt>事業形態</dt>
            <dd>{profile.division}</dd>
          </div>
          {profile.companyName ? (
            <div>
              <dt>{words.businessName}</dt>
              <dd>{profile.companyName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{words.owner}</dt>
            <dd>{profile.name}</dd>
          </div>
          <div>
            <dt>事業所</dt>
            <dd>{profile.office}</dd>
          </div>
          <div>
            <dt>電話番号</dt>
            <dd>{profile.phone}</dd>
          </div>
          <div>
            <dt>メールアドレス</dt>
            <dd>{profile.email}</dd>
          </div>
        </dl>
        <p>
          <Link to="/profile">会員情報を変更する</Link>（変更後、この画面に戻ってお申し込みください）
        </p>
      </section>
      <section className="profile-section" aria-labelledby="entry-summary">
        <h2 id="entry-summary">お申し込み内容</h2>
        <dl className="summary-list">
          <div>
            <dt>希望買取額</dt>
            <dd>{entry.amount}</dd>
          </div>
          <div>
            <dt>資金使途</dt>
            <dd>{entry.purpose}</dd>
          </div>
        </dl>
        {entry.claims.map((claim) => (
          <section key={claim.number} aria-labelledby={`claim-${claim.number}-title`}>
            <h3 id={`claim-${claim.number}-title`}>請求書{claim.number}</h3>
            <dl className="summary-list">
              <Fact term="売掛先" value={claim.obliger} />
              <Fact term="請求書額面" value={claim.amount} />
              <Fact term="支払期日" value={claim.paymentDate} note={claim.paymentDateNote} />
              <FileGroupRows groups={claim.files} />
            </dl>
          </section>
        ))}
        <p className="link-list">
          <Link to={ENTRY_STEP_PATHS.submitInvoices}>請求書を変更する</Link>
        </p>
        <section aria-labelledby="financial-summary">
          <h3 id="financial-summary">{entry.financial.title}</h3>
          {entry.financial.type ? <p>ご提出いただく書類：{entry.financial.type}</p> : null}
          {entry.financial.note ? <p>{entry.financial.note}</p> : null}
          {entry.financial.files.length > 0 ? (
            <dl className="summary-list">
              <FileGroupRows groups={entry.financial.files} />
            </dl>
          ) : null}
          <p className="link-list">
            <Link to={ENTRY_STEP_PATHS.submitFinancialStatements}>{entry.financial.title}を変更する</Link>
          </p>
        </section>
        <section aria-labelledby="statements-summary">
          <h3 id="statements-summary">{entry.statements.title}</h3>
          {entry.statements.note ? <p>{entry.statements.note}</p> : null}
          {entry.statements.accounts.map((statement) => (
            <StatementSummary key={statement.displayId} statement={statement} level={4} />
          ))}
          <p className="link-list">
            <Link to={ENTRY_STEP_PATHS.submitWithdrawalsDetail}>{entry.statements.title}を変更する</Link>
          </p>
        </section>
        <h3 id="payout-account-title">お振込先口座（買取代金のお振込先）</h3>
        <PayoutAccount account={entry.payout} label="お振込先口座" />
        <p className="link-list">
          <Link to={ENTRY_STEP_PATHS.submitWithdrawalsDetail}>お振込先口座を変更する</Link>
        </p>
      </section>
      <Form method="post" className="form">
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} />
        <p>上記の内容でお申し込みします。お申し込み後は内容を変更できません。</p>
        <SubmitButton pendingText="送信しています…">この内容で申し込む</SubmitButton>
      </Form>
      <p className="button-row wizard-navigation">
        <StepBackLink current="submitProfile" />
      </p>
    </FormScope>
  );
}
