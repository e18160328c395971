// §2 /entry/contract/:entryId: the figures once more, the agreement linked, a required consent tick,
// one post → /entry/contract/complete.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContractRefused } from "~/components/contract-refused";
import { ClaimFiguresList, Fact, FigureTotals } from "~/components/entry-figures";
import { CheckboxField } from "~/components/form/checkbox-field";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { PayoutAccount } from "~/components/payout-account";
import { ReturnAccount } from "~/components/return-account";
import { loadOwnEntry } from "~/lookup/own-entry.server";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { digitsParam } from "~/request/route-params.server";
import accountStyles from "~/styles/account.css";
import styles from "~/styles/entry-detail.css";
import { CONTRACT_FORM_ID } from "./contract-form";
import { contractAction } from "./contract.server";
import { contractView } from "~/legal/contract-view.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ご契約の手続き")];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: styles },
];

export async function loader({ context: ctx, params }: LoaderFunctionArgs) {
  const { user, entry, calendar, payoutAccount } = await loadOwnEntry(ctx, params);
  return json({ ...contractView(entry, user, ctx.now, ctx.brand, calendar), payoutAccount });
}

export async function action({ context: ctx, params, request }: ActionFunctionArgs) {
  const id = digitsParam(params.entryId);
  const user = await requireUser(ctx);
  return contractAction(ctx, request, id, user);
}

export default function ContractPage() {
  const contract = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="entry-detail">
      <p className="link-list">
        <Link to={contract.detailPath}>お申し込みの詳細へ戻る</Link>
      </p>
      <h1>ご契約の手続き</h1>
      <p className="entry-detail-head">
        <span className="entry-code">申込番号 {contract.code}</span>
      </p>
      {contract.refusal ? (
        <ContractRefused refusal={contract.refusal} detailPath={contract.detailPath} />
      ) : (
        <>
          <p>
            下記の買取条件で、請求書（売掛債権）を{contract.buyer}
            に譲渡する契約を結びます。内容と契約書をご確認のうえ、同意してお進みください。
          </p>
          <section className="my-page-section" aria-labelledby="parties-title">
            <h2 id="parties-title">契約の当事者と日付</h2>
            <dl className="summary-list">
              <Fact term="譲渡人（お客さま）" value={contract.seller} />
              <Fact term="譲受人" value={contract.buyer} />
              <Fact term="契約日" value={contract.contractDate} />
              <Fact
                term="買取代金のお振込日"
                value={`${contract.payoutDueDate}まで`}
                note="契約日の翌営業日までにお振り込みします。"
              />
            </dl>
          </section>
          <section className="my-page-section" aria-labelledby="payout-account-title">
            <h2 id="payout-account-title">買取代金のお振込先</h2>
            <PayoutAccount account={contract.payoutAccount} label="買取代金のお振込先" />
          </section>
          <section className="my-page-section" aria-labelledby="claims-title">
            <h2 id="claims-title">買い取る請求書（{contract.claims.length}件）</h2>
            {contract.claims.map((claim) => (
              <section
                key={claim.id}
                className="claim-detail"
                aria-labelledby={`claim-${claim.number}-title`}
              >
                <h3 id={`claim-${claim.number}-title`}>
                  請求書{claim.number}（{claim.code}）
                </h3>
                <dl className="summary-list">
                  <Fact term="売掛先" value={claim.debtor} />
                  <Fact term="請求書額面" value={claim.amount} />
                  <Fact term="入金予定日" value={claim.paymentDate} />
                  <Fact term="返金期日" value={claim.returnDate} note={claim.returnDateNote} />
                </dl>
                <ClaimFiguresList number={claim.number} figures={claim.figures} />
              </section>
            ))}
          </section>
          {contract.totals ? (
            <FigureTotals totals={contract.totals} heading="お受け取りの金額（合計）" />
          ) : null}
          <ReturnAccount account={contract.returnAccount} level={2}>
            <p>
              買い取った請求書の代金は、これまでどおり売掛先からお客さまの口座に入金されます。入金を受けたら、請求書ごとの返金期日までにこの口座へお振り込みください（振込手数料はお客さまのご負担です）。
            </p>
          </ReturnAccount>
          <section className="my-page-section" aria-labelledby="consent-title" id="consent">
            <h2 id="consent-title">契約内容への同意</h2>
            <FormScope id={CONTRACT_FORM_ID} failure={failure}>
              <Form id={CONTRACT_FORM_ID} method="post" noValidate className="form">
                <ErrorSummary />
                <p>
                  <Link to={contract.agreementPath} target="_blank" rel="noopener">
                    ファクタリングサービス契約書（新しいタブで開きます）
                  </Link>
                  をお読みください。売掛先から入金を受けたら、請求書ごとの返金期日までに上記の「ご返金の振込先」へお振り込みいただきます。
                </p>
                <CheckboxField
                  name="agreed"
                  required
                  label="ファクタリングサービス契約書と上記の買取条件に同意します"
                />
                <SubmitButton pendingText="ご契約の手続きをしています…">同意して契約する</SubmitButton>
              </Form>
            </FormScope>
          </section>
        </>
      )}
    </div>
  );
}
