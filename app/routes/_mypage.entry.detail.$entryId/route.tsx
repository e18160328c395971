// §2 /entry/detail/:entryId (authenticated-redirect; issue 9): one of the user's entries after it was
// submitted. Where it stands (a timeline drawn without JavaScript), what the operator found inadequate
// in their own words, the review status of each document group (§4), and each claim with its debtor,
// amount, payment date, receiving account and files. Operators send users direct links here. The id
// is digits only, else page not found; another user's or a missing entry is page not found (the
// upstream's 404).

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField } from "~/components/form/checkbox-field";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { pageTitle } from "~/routing/meta";
import { digitsParam } from "~/routing/params";
import accountStyles from "~/styles/account.css";
import styles from "~/styles/entry-detail.css";
import { withRequestContext } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { loadEntry } from "~/upstream/entries.server";
import { CANCEL_FORM_ID } from "./cancel-form";
import { cancelAction } from "./cancel.server";
import { type EntryDetailView, entryDetailView } from "./view-model";

type ClaimView = EntryDetailView["claims"][number];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "お申し込みの詳細")];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: styles },
];

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    // §2 "Route validation failure shows page not found", before anything else.
    const id = digitsParam(args.params.entryId);
    await requireUser(ctx);
    return json(entryDetailView(await loadEntry(ctx, id), ctx.now));
  });
}

/** The page's one form: cancel the entry (issue 9 item 4). */
export function action(args: ActionFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const id = digitsParam(args.params.entryId);
    await requireUser(ctx);
    return cancelAction(ctx, args.request, id);
  });
}

export default function EntryDetailPage() {
  const entry = useLoaderData<typeof loader>();
  const cancelFailure = useActionData<typeof action>();
  return (
    <div className="entry-detail">
      <p>
        <Link to="/mypage">マイページへ戻る</Link>
      </p>
      <h1>お申し込みの詳細</h1>
      <p className="entry-detail-head">
        <span className="entry-code">申込番号 {entry.code}</span>
        <span className={`status-badge status-${entry.tone}`}>
          <span className="visually-hidden">状態：</span>
          {entry.statusLabel}
        </span>
      </p>
      {cancelFailure ? (
        // Without JavaScript the answer loads at the top of the page; the form is at its end.
        <p className="alert" role="alert">
          キャンセルできませんでした。<a href="#cancel">お申し込みのキャンセル</a>の欄をご確認ください。
        </p>
      ) : null}
      <Timeline timeline={entry.timeline} />
      {entry.inadequateDocuments ? (
        <div className="alert" data-testid="inadequate-documents">
          <p className="alert-title">不備の内容</p>
          <p className="preserve-lines">{entry.inadequateDocuments}</p>
        </div>
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
        <FileList label="提出した書類（決算書類・入出金明細）" files={entry.entryFiles} />
      </section>

      {entry.totals ? (
        <section className="my-page-section" aria-labelledby="totals-title">
          <h2 id="totals-title">お受け取りの金額（合計）</h2>
          <dl className="summary-list" data-testid="figure-totals">
            <Fact term="買取額" value={entry.totals.purchaseAmount} />
            <Fact term="手数料" value={entry.totals.fee} />
            <Fact term="振込手数料" value={entry.totals.bankCharge} />
            <Fact term="お受け取り額" value={entry.totals.received} />
          </dl>
          <p className="field-hint">
            お受け取り額は、買取額から手数料と振込手数料を差し引いた金額です。請求書ごとの「手数料の年率換算」は、手数料
            ÷ お受け取り額 × 365 ÷ 今日から入金予定日までの日数で、銀行の借入金利と比べる目安です。
          </p>
        </section>
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
              <div className="alert">
                <p className="alert-title">不備の内容</p>
                <p className="preserve-lines">{claim.inadequateReason}</p>
              </div>
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
            </dl>
            {claim.figures ? <ClaimFiguresList number={claim.number} figures={claim.figures} /> : null}
            <FileList label={`請求書${claim.number}の書類`} files={claim.files} />
          </section>
        ))}
      </section>

      {entry.cancellable || cancelFailure ? <CancelSection failure={cancelFailure} /> : null}
    </div>
  );
}

/**
 * §4 cancel while under review, inadequate or reviewed: a confirmation that works without JavaScript
 * (a required tick), then one post; the button waits while it is on the way.
 */
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

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || "—"}</dd>
    </div>
  );
}

/** What the review offers for one claim: the price, what comes off it, what the user receives. */
function ClaimFiguresList({
  number,
  figures,
}: {
  number: number;
  figures: NonNullable<ClaimView["figures"]>;
}) {
  return (
    <div role="group" aria-label={`請求書${number}の買取条件`} className="claim-figures">
      <dl className="summary-list">
        <Fact term="買取対象額" value={figures.principal} />
        <Fact term="掛目" value={figures.ratio} />
        <Fact term="買取額" value={figures.purchaseAmount} />
        <Fact
          term="手数料"
          value={figures.feeRatio ? `${figures.fee}（${figures.feeRatio}）` : figures.fee}
        />
        <Fact term="振込手数料" value={figures.bankCharge} />
        <Fact term="お受け取り額" value={figures.received} />
        <Fact term="手数料の年率換算" value={figures.annualRate} />
      </dl>
    </div>
  );
}

function FileList({ label, files }: { label: string; files: { id: number; name: string }[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="file-names" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>{file.name}</li>
      ))}
    </ul>
  );
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
            {step.date ? <span className="timeline-date">{step.date}</span> : null}
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
