// §2 /entry/:entryId/factoring_service_agreement: the operator's text (decision 0019) filled with the entry's
// parties, sums, claims and accounts; the owner's entry with none bought says why (409), another's is not found.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalDocument, LegalSection } from "~/components/legal-document";
import { PayoutAccount } from "~/components/payout-account";
import { ReturnAccount } from "~/components/return-account";
import { agreementAbsence } from "~/domain/contract-refusal";
import { FIGURE_LABELS } from "~/domain/purchase-figures";
import { legalText } from "~/legal/legal-texts.server";
import { payoutAccount } from "~/lookup/bank-directory.server";
import { japanDate } from "~/domain/japan-date";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import { notFound } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { digitsParam } from "~/request/route-params.server";
import styles from "~/styles/static-pages.css";
import { loadEntry } from "~/upstream/entries.server";
import { agreementValues, contractView } from "~/legal/contract-view.server";
import { entryPaths } from "~/routing/entry-paths";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data?.absence?.title ?? "ファクタリングサービス契約書"),
];

export async function loader({ context: ctx, params }: LoaderFunctionArgs) {
  const id = digitsParam(params.entryId);
  const user = await requireUser(ctx);
  const entry = await loadEntry(ctx, id);
  const absence = agreementAbsence(entry);
  if (absence) {
    return json({ absence, detailPath: entryPaths.detail(entry.id) } as const, { status: 409 });
  }
  const view = contractView(
    entry,
    user,
    ctx.now,
    ctx.brand,
    returnDateCalendar(entry.claims, japanDate(ctx.now), entry.contracted_at),
  );
  // A bought claim whose figures are not all there yet: nothing true to put in the agreement.
  if (view.claims.length === 0) throw notFound();
  return json({
    absence: null,
    ...view,
    payoutAccount: payoutAccount(entry.bank_account),
    text: legalText("agreement", ctx.brand, agreementValues(view)),
  });
}

export default function FactoringServiceAgreementPage() {
  const agreement = useLoaderData<typeof loader>();
  if (agreement.absence) {
    return (
      <div>
        <h1>{agreement.absence.title}</h1>
        <p>{agreement.absence.message}</p>
        <p className="link-list">
          <Link to={agreement.detailPath}>お申し込みの詳細へ戻る</Link>
        </p>
      </div>
    );
  }
  return (
    <LegalDocument
      text={agreement.text}
      enacted={agreement.contracted ? agreement.contractDate : "本サービス上で同意した日"}
    >
      <LegalSection heading="別表（譲渡する売掛債権）">
        {agreement.claims.map((claim) => (
          <table key={claim.id} className="legal-table">
            <caption>
              請求書{claim.number}（{claim.code}）
            </caption>
            <tbody>
              {[
                ["売掛先", claim.debtor],
                ["請求書額面", claim.amount],
                ["入金予定日", claim.paymentDate],
                [FIGURE_LABELS.repayment, claim.figures.repayment],
                ["掛目", claim.figures.ratio],
                [FIGURE_LABELS.purchaseAmount, claim.figures.purchaseAmount],
                [FIGURE_LABELS.fee, claim.figures.fee],
                [FIGURE_LABELS.bankCharge, claim.figures.bankCharge],
                [FIGURE_LABELS.received, claim.figures.received],
                [FIGURE_LABELS.marginPart, claim.figures.marginPart],
                [FIGURE_LABELS.cost, claim.figures.cost],
              ].map(([term, value]) => (
                <tr key={term}>
                  <th scope="row">{term}</th>
                  <td>{value || "—"}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">返金期日</th>
                <td>
                  {claim.returnDate || "—"}
                  {claim.returnDateNote ? <span className="fact-note">{claim.returnDateNote}</span> : null}
                </td>
              </tr>
            </tbody>
          </table>
        ))}
        <h3>譲渡代金の振込先（甲の口座）</h3>
        <PayoutAccount account={agreement.payoutAccount} label="譲渡代金の振込先（甲の口座）" />
        <ReturnAccount account={agreement.returnAccount} level={3} />
      </LegalSection>
      <p className="link-list">
        <Link to={agreement.detailPath}>お申し込みの詳細へ戻る</Link>
      </p>
    </LegalDocument>
  );
}
