// §2 /legal/sct (static layout): 特定商取引法に基づく表記. A template written for this product, marked
// as such for the operator to replace; the operator's name and contact come from the brand. Here the
// money flows the other way from a shop: the operator pays the purchase price, and its fee is deducted
// from it, so the rows say so instead of the usual shop wording.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { Blank, LegalDocument } from "~/components/legal-document";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "特定商取引法に基づく表記")];

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className={className}>{children}</td>
    </tr>
  );
}

export default function SpecifiedCommercialTransactionsPage() {
  const brand = useBrand();
  return (
    <LegalDocument
      title="特定商取引法に基づく表記"
      lead={<p>「{brand.serviceName}」（以下「本サービス」といいます。）の提供者に関する表示です。</p>}
    >
      <table className="legal-table">
        <caption className="visually-hidden">特定商取引法に基づく表記の一覧</caption>
        <tbody>
          <Row label="事業者名">{brand.operatorName}</Row>
          {brand.partnerName ? (
            <Row label="提携先">{brand.partnerName}（本サービスのご案内を行います）</Row>
          ) : null}
          <Row label="運営責任者">
            <Blank>運営責任者の氏名を記入してください</Blank>
          </Row>
          <Row label="所在地">
            <Blank>〒000-0000 本店の所在地を記入してください</Blank>
          </Row>
          <Row label="電話番号">
            <Blank>00-0000-0000</Blank>
            <br />
            受付時間 平日 10時〜17時（土日祝日・年末年始を除きます）。お問い合わせはメールでも承ります。
          </Row>
          <Row label="メールアドレス" className="link-list">
            <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
          </Row>
          <Row label="提供する役務">
            事業者の方がお持ちの売掛債権（請求書）の買取り（ファクタリング）。お申込みから審査、契約までを本サービス上で行います。
          </Row>
          <Row label="役務の対価">
            当社が買い取る売掛債権の額から買取手数料を差し引いた額を、買取代金としてお支払いします。買取手数料は審査により決定し、契約の前に本サービス上で金額と率をご提示します。
          </Row>
          <Row label="対価以外に必要な費用">
            会員登録、お申込みおよび審査の費用はかかりません。本サービスのご利用に必要なインターネット接続料金・通信料金はお客さまのご負担となります。振込手数料の扱いは契約書でご案内します。
          </Row>
          <Row label="支払時期と方法">
            買取手数料は、買取代金から差し引く方法でいただきます。別途お支払いいただくことはありません。買取代金は、契約成立後、契約書に定める日までに、ご登録の口座へお振り込みします。
          </Row>
          <Row label="役務の提供時期">
            審査の結果は、必要な書類が揃ってから
            <Blank>○営業日</Blank>
            程度でお知らせします（書類に不備がある場合は、再提出をいただいてからのご案内になります）。
          </Row>
          <Row label="お申込みの取下げ・解約">
            契約が成立するまで（審査中、書類不備、審査完了の間）は、マイページからお申込みを取り下げられます。費用はかかりません。契約成立後の解約は、契約書の定めによります。
          </Row>
          <Row label="ご利用の条件">
            本サービスは、{brand.individualSupported ? "法人および個人事業主" : "法人"}
            の方の事業上の請求書を対象とした、事業者向けのサービスです。
          </Row>
          <Row label="動作環境">
            Google Chrome、Microsoft Edge、Safari、Firefox
            の最新版。JavaScriptを無効にしてもご利用いただけます。
          </Row>
        </tbody>
      </table>
    </LegalDocument>
  );
}
