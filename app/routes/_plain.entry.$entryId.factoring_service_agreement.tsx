// §2 /entry/:entryId/factoring_service_agreement (plain layout; digits only, else page not found;
// issue 9 item 3): the factoring service agreement for one of the user's entries, as a template the
// operator replaces, filled with the entry's figures: the parties, each claim the contract covers, the
// price, the fee, what the user receives, the dates, and where the debtor's payment goes back. Login
// is required (the figures are the user's own); another user's entry is page not found.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Clauses, Items, LegalDocument, LegalSection } from "~/components/legal-document";
import { PayoutAccount } from "~/components/payout-account";
import { payoutAccount } from "~/lookup/bank-directory.server";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import { withRequestContext } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { digitsParam } from "~/routing/params";
import styles from "~/styles/static-pages.css";
import { loadEntry } from "~/upstream/entries.server";
import { contractView } from "./_mypage.entry.contract.$entryId/view-model";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ファクタリングサービス契約書")];

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const id = digitsParam(args.params.entryId);
    const user = await requireUser(ctx);
    const entry = await loadEntry(ctx, id);
    const view = contractView(entry, user, ctx.now, ctx.brand, returnDateCalendar(entry.claims));
    // An entry not yet reviewed has no figures to put in the agreement.
    if (view.claims.length === 0) throw json({ code: 404 }, { status: 404 });
    return json({
      ...view,
      serviceName: ctx.brand.serviceName,
      payoutAccount: payoutAccount(entry.bank_account),
    });
  });
}

export default function FactoringServiceAgreementPage() {
  const agreement = useLoaderData<typeof loader>();
  const { buyer, seller } = agreement;
  return (
    <LegalDocument
      title="ファクタリングサービス契約書"
      enacted={agreement.contracted ? agreement.contractDate : "本サービス上で同意した日"}
      lead={
        <>
          <p>
            {seller || "会員"}（以下「甲」といいます。）と{buyer}
            （以下「乙」といいます。）は、「{agreement.serviceName}
            」を通じた売掛債権の譲渡について、次のとおり契約（以下「本契約」といいます。）を締結します。
          </p>
          <p>申込番号：{agreement.code}</p>
        </>
      }
    >
      <LegalSection heading="第1条（債権の譲渡）">
        <Clauses>
          <li>
            甲は、別表に記載する売掛債権（以下「本債権」といいます。）を乙に譲渡し、乙はこれを譲り受けます。
          </li>
          <li>本債権の譲渡は、甲が本サービス上で本契約に同意した時に効力を生じます。</li>
        </Clauses>
      </LegalSection>
      <LegalSection heading="第2条（譲渡代金とその支払）">
        <Clauses>
          <li>
            本債権の譲渡代金は、別表の買取額の合計
            {agreement.totals ? `（${agreement.totals.purchaseAmount}）` : ""}
            とします。乙は、譲渡代金から手数料
            {agreement.totals ? `（${agreement.totals.fee}）` : ""}
            および振込手数料
            {agreement.totals ? `（${agreement.totals.bankCharge}）` : ""}
            を差し引いた金額
            {agreement.totals ? `（${agreement.totals.received}）` : ""}
            を、本契約の成立後速やかに、甲が本サービスに登録した口座に振り込みます。
          </li>
          <li>前項の手数料のほか、乙が甲に費用を請求することはありません。</li>
        </Clauses>
      </LegalSection>
      <LegalSection heading="第3条（売掛先への通知と回収の委任）">
        <Clauses>
          <li>乙は、本債権の譲渡を売掛先に通知することを当面留保し、本債権の回収を甲に委任します。</li>
          <li>
            甲は、売掛先から本債権の支払を受けたときは、受け取った金銭を乙のために保管し、別表の返金期日までに、次の口座に振り込んで乙に引き渡します（振込手数料は甲の負担とします）。
            <p>振込先：{agreement.returnAccount}</p>
          </li>
          <li>
            甲が前項の引渡しを怠ったとき、その他乙が必要と認めたときは、乙は、売掛先に本債権の譲渡を通知し、売掛先から直接支払を受けることができます。
          </li>
        </Clauses>
      </LegalSection>
      <LegalSection heading="第4条（表明および保証）">
        <p>甲は、本契約の締結日において、次の事項が真実かつ正確であることを表明し、保証します。</p>
        <Items>
          <li>本債権が実在し、甲が売掛先に対して有する正当な債権であること</li>
          <li>本債権について、第三者への譲渡、担保の設定、差押えその他の処分がされていないこと</li>
          <li>本債権について、売掛先が相殺、減額その他の抗弁を主張できる事由がないこと</li>
          <li>本サービスに提出した書類および情報が真実かつ正確であること</li>
        </Items>
      </LegalSection>
      <LegalSection heading="第5条（売掛先の信用リスク）">
        <p>
          売掛先の倒産その他の信用上の理由により本債権が支払われない場合の損失は、乙が負担し、乙は甲に対して譲渡代金の返還その他の償還を求めません。ただし、前条の表明および保証に反する事実があった場合、または甲が第3条第2項の引渡しを怠った場合はこの限りではありません。
        </p>
      </LegalSection>
      <LegalSection heading="第6条（遅延の連絡）">
        <p>
          甲は、売掛先からの支払が入金予定日に行われないことを知ったときは、直ちに乙に連絡し、乙の求めに応じて事情を説明するものとします。
        </p>
      </LegalSection>
      <LegalSection heading="第7条（準拠法および管轄）">
        <p>
          本契約は日本法に準拠し、本契約に関する一切の紛争は、乙の本店所在地を管轄する地方裁判所を第一審の専属的合意管轄裁判所とします。
        </p>
      </LegalSection>
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
                ["買取額", claim.figures.purchaseAmount],
                ["手数料", claim.figures.fee],
                ["振込手数料", claim.figures.bankCharge],
                ["お受け取り額", claim.figures.received],
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
      </LegalSection>
      <p className="link-list">
        <Link to={agreement.detailPath}>お申し込みの詳細へ戻る</Link>
      </p>
    </LegalDocument>
  );
}
