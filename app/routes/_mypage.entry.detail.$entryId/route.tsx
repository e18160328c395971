// §2 /entry/detail/:entryId (authenticated-redirect): a submitted entry, where it stands and what is
// inadequate; operators link here, so a bad or foreign id is page not found.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
} from "@remix-run/node";
import { Fragment } from "react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EntryCodeStatus } from "~/components/entry-code-status";
import { InadequateReason } from "~/components/inadequate-reason";
import { ClaimFiguresList, Fact, FigureTotals } from "~/components/entry-figures";
import { CheckboxField } from "~/components/form/checkbox-field";
import { ContactDesk } from "~/components/contact-desk";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { PayoutAccount } from "~/components/payout-account";
import { ReturnAccount } from "~/components/return-account";
import { StatementSummary } from "~/components/statement-card";
import { FileGroupRows, FileNames } from "~/components/uploaded-files";
import { pageTitle } from "~/routing/meta";
import { digitsParam } from "~/request/route-params.server";
import accountStyles from "~/styles/account.css";
import styles from "~/styles/entry-detail.css";
import { loadOwnEntry } from "~/lookup/own-entry.server";
import { requireUser } from "~/request/guards.server";
import { contractRefusal } from "~/legal/contract-view.server";
import { ContractRefused } from "~/components/contract-refused";
import type { ContractRefusalView } from "~/domain/contract-refusal";
import { returnAnchor } from "~/routing/entry-paths";
import { CANCEL_FORM_ID } from "./cancel-form";
import { cancelAction } from "./cancel.server";
import { type EntryDetailView, entryDetailView } from "./view-model";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "お申し込みの詳細")];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: styles },
];

export async function loader({ context: ctx, params }: LoaderFunctionArgs) {
  const { user, entry, today, calendar, payoutAccount } = await loadOwnEntry(ctx, params);
  return json({
    ...entryDetailView(entry, ctx.now, ctx.brand, calendar, {
      resubmitted: ctx.url.searchParams.get("resubmitted") === "1",
      contractRefusal: contractRefusal(entry, user, today, calendar),
      division: user.corporate_division,
    }),
    payoutAccount,
  });
}

/** The page's one form: cancel the entry. */
export async function action({ context: ctx, params, request }: ActionFunctionArgs) {
  const id = digitsParam(params.entryId);
  await requireUser(ctx);
  return cancelAction(ctx, request, id);
}

export default function EntryDetailPage() {
  const entry = useLoaderData<typeof loader>();
  const cancelFailure = useActionData<typeof action>();
  return (
    <div className="entry-detail">
      <p className="link-list">
        <Link to="/mypage">マイページへ戻る</Link>
      </p>
      <h1>お申し込みの詳細</h1>
      <p className="entry-detail-head">
        <EntryCodeStatus entry={entry} />
      </p>
      {entry.resubmittedNotice ? (
        <p className="notice" role="status">
          {entry.resubmittedNotice}
        </p>
      ) : null}
      {cancelFailure ? (
        // Without JavaScript the answer loads at the top of the page; the form is at its end.
        <p className="alert" role="alert">
          キャンセルできませんでした。<a href="#cancel">お申し込みのキャンセル</a>の欄をご確認ください。
        </p>
      ) : null}
      <Timeline timeline={entry.timeline} />
      {entry.inadequateDocuments ? (
        <InadequateReason reason={entry.inadequateDocuments} testId="inadequate-documents">
          {entry.resubmitPath ? <ResubmitLink path={entry.resubmitPath} /> : null}
        </InadequateReason>
      ) : entry.resubmitPath ? (
        <ResubmitLink path={entry.resubmitPath} />
      ) : null}

      <section className="my-page-section" aria-labelledby="entry-facts-title">
        <h2 id="entry-facts-title">お申し込みの内容</h2>
        <dl className="summary-list">
          <Fact term="申込日" value={entry.createdDate} />
          <Fact term="希望買取額" value={entry.desiredAmount} />
          <Fact term="資金使途" value={entry.purpose} />
          {entry.documents.map((document) => (
            <Fact key={document.label} term={`${document.label}の確認状況`} value={document.status} />
          ))}
        </dl>
        <EntryFiles files={entry.entryFiles} />
        <h3 id="payout-account-title">お振込先口座（買取代金のお振込先）</h3>
        <PayoutAccount account={entry.payoutAccount} label="お振込先口座" />
      </section>

      {entry.contractPath || entry.contractRefusal || entry.agreementPath ? (
        <NextSteps
          contractPath={entry.contractPath}
          contractRefusal={entry.contractRefusal}
          agreementPath={entry.agreementPath}
        />
      ) : null}

      {entry.payout ? <PayoutSection entry={entry} /> : null}

      {entry.totals ? (
        <FigureTotals
          totals={entry.totals}
          heading={entry.totalsScope.heading}
          scope={entry.totalsScope.note}
        />
      ) : null}

      <section className="my-page-section" aria-labelledby="claims-title">
        <h2 id="claims-title">請求書（{entry.claims.length}件）</h2>
        {entry.claims.map((claim) => (
          <section key={claim.id} className="claim-detail" aria-labelledby={`claim-${claim.number}-title`}>
            <h3 id={`claim-${claim.number}-title`}>
              請求書{claim.number}（{claim.code}）{" "}
              <span className={`status-badge status-${claim.inadequate ? "attention" : "neutral"}`}>
                <span className="visually-hidden">状態：</span>
                {claim.statusLabel}
              </span>
            </h3>
            {claim.inadequateReason ? (
              <InadequateReason reason={claim.inadequateReason}>
                {entry.resubmitPath ? (
                  <ResubmitLink path={`${entry.resubmitPath}#claim-${claim.number}`} />
                ) : null}
              </InadequateReason>
            ) : null}
            <dl className="summary-list">
              <Fact term="売掛先" value={claim.debtor} />
              <Fact term="請求書額面" value={claim.amount} />
              <Fact term="入金予定日" value={claim.paymentDate} />
              <Fact term="入金口座" value={claim.account} />
              {claim.holders.length > 0 ? <Fact term="振込名義" value={claim.holders.join("、")} /> : null}
              {claim.documents.map((document) => (
                <Fact key={document.label} term={`${document.label}の確認状況`} value={document.status} />
              ))}
              <FileGroupRows groups={claim.files} />
            </dl>
            {claim.figures ? <ClaimFiguresList number={claim.number} figures={claim.figures} /> : null}
            {claim.returnObligation ? (
              <ReturnObligationFacts number={claim.number} obligation={claim.returnObligation} />
            ) : null}
          </section>
        ))}
      </section>

      {entry.cancellable || cancelFailure ? <CancelSection failure={cancelFailure} /> : null}
    </div>
  );
}

/** §4 cancel while under review, inadequate or reviewed, confirmed by a required tick. */
function CancelSection({ failure }: { failure: unknown }) {
  return (
    <section className="my-page-section" aria-labelledby="cancel-title" id="cancel">
      <h2 id="cancel-title">お申し込みのキャンセル</h2>
      <FormScope id={CANCEL_FORM_ID} failure={failure}>
        <Form id={CANCEL_FORM_ID} method="post" noValidate className="form">
          <ErrorSummary />
          <p>
            キャンセルすると、このお申し込みの審査・お手続きはすべて終了し、元に戻すことはできません。あらためてお申し込みいただくことはできます。
          </p>
          <CheckboxField name="understood" required label="キャンセルすると元に戻せないことを確認しました" />
          <SubmitButton variant="danger" pendingText="キャンセルしています…">
            お申し込みをキャンセルする
          </SubmitButton>
        </Form>
      </FormScope>
    </section>
  );
}

/** The files the entry was sent with, by what they are; a group without a file is left out. */
function EntryFiles({ files }: { files: EntryDetailView["entryFiles"] }) {
  return (
    <>
      {files.financial.files.length > 0 ? (
        <section aria-labelledby="entry-financial-title">
          <h3 id="entry-financial-title">{files.financial.title}</h3>
          <dl className="summary-list">
            <FileGroupRows groups={files.financial.files} />
          </dl>
        </section>
      ) : null}
      {files.statements.accounts.length > 0 ? (
        <section aria-labelledby="entry-statements-title">
          <h3 id="entry-statements-title">{files.statements.title}</h3>
          {files.statements.accounts.map((statement) => (
            <StatementSummary key={statement.displayId} statement={statement} level={4} />
          ))}
        </section>
      ) : null}
      {files.others.length > 0 ? (
        <section aria-labelledby="entry-other-files-title">
          <h3 id="entry-other-files-title">その他の書類</h3>
          <FileNames files={files.others} label="その他の書類" />
        </section>
      ) : null}
    </>
  );
}

/** A date in a narrow column breaks after the year and before the weekday, never inside a number. */
function withDateBreaks(date: string) {
  return date.split(/(?<=年)|(?=（)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** The road drawn as a list (CSS, no JavaScript): steps passed with their dates, where it stands. */
function Timeline({ timeline }: { timeline: EntryDetailView["timeline"] }) {
  return (
    <div className="entry-timeline">
      <ol aria-label="お申し込みの進み具合">
        {timeline.steps.map((step) => (
          <li
            key={step.key}
            className={`timeline-step timeline-${step.state}`}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            <span className="timeline-label">{step.label}</span>
            {step.state === "done" ? <span className="visually-hidden">（済み）</span> : null}
            {step.date ? <span className="timeline-date">{withDateBreaks(step.date)}</span> : null}
          </li>
        ))}
      </ol>
      {timeline.exception ? (
        <p className={`timeline-exception timeline-${timeline.exception.kind}`} role="status">
          {timeline.exception.label}
        </p>
      ) : null}
    </div>
  );
}

/** Once reviewed, the agreement to read and, while it may be, the contract to agree. */
function NextSteps({
  contractPath,
  contractRefusal,
  agreementPath,
}: {
  contractPath: string | null;
  contractRefusal: ContractRefusalView | null;
  agreementPath: string | null;
}) {
  return (
    <section className="my-page-section" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">{contractPath || contractRefusal ? "ご契約の手続き" : "ご契約の内容"}</h2>
      {contractRefusal ? <ContractRefused refusal={contractRefusal} /> : null}
      {contractPath ? (
        <p>
          審査が完了しました。買取条件（下記の金額）をご確認のうえ、ご契約の手続きにお進みください。ご契約後、お振込の手続きに入ります。
        </p>
      ) : null}
      <ul className="link-list">
        {contractPath ? (
          <li>
            <Link to={contractPath} className="button button-primary">
              ご契約の手続きへ進む
            </Link>
          </li>
        ) : null}
        {agreementPath ? (
          <li>
            <Link to={agreementPath}>ファクタリングサービス契約書を読む</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** After contract: the payout, and the return obligation with its account and calendar file. */
function PayoutSection({ entry }: { entry: EntryDetailView }) {
  const payout = entry.payout!;
  const late = entry.claims.some((claim) => claim.returnObligation?.state === "late");
  // The pressing returns first: the late ones, else those due within the week.
  const due = entry.claims.filter((claim) => claim.returnObligation?.state === (late ? "late" : "soon"));
  const returnAccount = payout.returnAccount ? (
    <ReturnAccount account={payout.returnAccount} level={3}>
      <p className="field-hint">
        買い取った請求書の代金は、これまでどおり売掛先からお客さまの口座に入金されます。入金を受けたら、請求書ごとの返金期日までに、この口座へお振り込みください（振込手数料はお客さまのご負担です）。
      </p>
    </ReturnAccount>
  ) : null;
  return (
    <section className="my-page-section" aria-labelledby="payout-title">
      <h2 id="payout-title">お振込とご返金</h2>
      {due.length > 0 ? (
        // My page links each late or nearly due claim here (entryPaths.claimReturn): its amount, then the
        // account right under it, so one tap shows what to send and where.
        <>
          <div className={late ? "alert" : "notice"} role={late ? "alert" : undefined}>
            <p className="alert-title">{late ? "ご返金が遅れています" : "ご返金の期日が近づいています"}</p>
            <ul className="due-returns">
              {due.map((claim) => (
                <li key={claim.id} id={returnAnchor(claim.number)}>
                  <span className="due-return-claim">
                    請求書{claim.number}（{claim.debtor}）
                  </span>
                  <span className="due-return-figures">
                    <span>返金額 {claim.returnObligation!.amount}</span>
                    <span>返金期日 {claim.returnObligation!.dueDate}</span>
                  </span>
                </li>
              ))}
            </ul>
            <p>
              {late
                ? "売掛先からの入金をご確認のうえ、至急下記の口座へお振り込みください。"
                : "売掛先からの入金をご確認のうえ、返金期日までに下記の口座へお振り込みください。"}
            </p>
          </div>
          {returnAccount}
          {late ? (
            <p>
              売掛先からの入金が遅れている場合は、その旨を
              <ContactDesk />
              までご連絡ください。
            </p>
          ) : null}
        </>
      ) : null}
      <dl className="summary-list">
        <Fact term="ご契約日" value={payout.contractedDate} />
        <Fact
          term="お振込日"
          value={payout.transferredDate || "お振込の準備中です（お振込後に日付を表示します）"}
        />
      </dl>
      {due.length > 0 ? null : returnAccount}
      {payout.calendarPath ? (
        <p className="link-list">
          <a href={payout.calendarPath} download>
            返金期日をカレンダーに登録する（.ics ファイル）
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** One claim's return obligation: the date, the amount, how near it is. */
function ReturnObligationFacts({
  number,
  obligation,
}: {
  number: number;
  obligation: NonNullable<EntryDetailView["claims"][number]["returnObligation"]>;
}) {
  return (
    <div
      role="group"
      aria-label={`請求書${number}のご返金`}
      className={`claim-return return-${obligation.state}`}
    >
      <dl className="summary-list">
        <Fact
          term="返金期日"
          value={obligation.when ? `${obligation.dueDate}・${obligation.when}` : obligation.dueDate}
          note={obligation.note}
        />
        <Fact term="返金額" value={obligation.amount} />
        {obligation.returnedDate ? <Fact term="ご返金確認日" value={obligation.returnedDate} /> : null}
      </dl>
    </div>
  );
}

/** One button to fix what is inadequate, on the resubmission page. */
function ResubmitLink({ path }: { path: string }) {
  return (
    <p>
      <Link to={path} className="button button-primary">
        不備を修正して再提出する
      </Link>
    </p>
  );
}
