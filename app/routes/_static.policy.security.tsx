// §2 /policy/security (static layout): the information security policy. A template written for this
// product, marked as such for the operator to replace.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Items, LegalDocument, LegalSection } from "~/components/legal-document";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "情報セキュリティ基本方針")];

export default function SecurityPolicyPage() {
  const brand = useBrand();
  return (
    <LegalDocument
      title="情報セキュリティ基本方針"
      lead={
        <p>
          {brand.operatorName}（以下「当社」といいます。）は、「{brand.serviceName}
          」を通じて、お客さまの本人確認書類、決算書、入出金明細、請求書など、事業と財務に関わる大切な情報をお預かりしています。当社は、これらの情報資産を事故、災害、犯罪などの脅威から守り、お客さまと社会の信頼にお応えするため、次の方針に基づいて全社で情報セキュリティに取り組みます。
        </p>
      }
    >
      <LegalSection heading="1. 経営者の責任">
        <p>当社は、経営者が主導して情報セキュリティに取り組み、その継続的な改善に努めます。</p>
      </LegalSection>

      <LegalSection heading="2. 体制の整備">
        <p>
          当社は、情報セキュリティの責任者を置き、情報セキュリティを維持し改善するための体制を整えます。取扱いのルールを社内規程として定め、全ての従業者に周知します。
        </p>
      </LegalSection>

      <LegalSection heading="3. 従業者の取組み">
        <p>
          当社の従業者は、情報セキュリティのために必要な知識と技術を身につけ、日々の業務で実践します。当社は、そのための教育と訓練を継続して行います。
        </p>
      </LegalSection>

      <LegalSection heading="4. 法令と契約上の要求事項の遵守">
        <p>
          当社は、個人情報の保護に関する法律、不正アクセス行為の禁止等に関する法律その他の情報セキュリティに関する法令、国が定める指針、およびお客さまや取引先との契約上の義務を遵守します。
        </p>
      </LegalSection>

      <LegalSection heading="5. 情報資産の保護">
        <p>
          当社は、お預かりした情報の機密性、完全性および可用性を守るため、リスクを評価したうえで適切な管理策を講じます。本サービスでは、主に次の対策を行います。
        </p>
        <Items>
          <li>通信は全て暗号化し、提出された書類はアクセスを制限した環境に保管します。</li>
          <li>提出書類を閲覧できる者を、審査と契約の業務に必要な担当者に限ります。</li>
          <li>パスワードは元に戻せない形式に変換して保存し、ログインの試行回数を制限します。</li>
          <li>アップロードできるファイルを、形式（PDF・JPEG・PNG）と大きさで制限します。</li>
          <li>システムへのアクセスを記録し、不審な操作を監視します。</li>
          <li>業務の委託先を評価して選定し、契約に基づいて監督します。</li>
        </Items>
      </LegalSection>

      <LegalSection heading="6. 事故への対応">
        <p>
          当社は、情報セキュリティ上の事故を防ぐよう努めます。万一事故が発生した場合は、速やかに原因を究明して被害を最小限にとどめ、再発防止策を講じます。必要に応じて、お客さまと関係機関にご報告します。
        </p>
      </LegalSection>

      <LegalSection heading="7. 継続的な改善">
        <p>当社は、以上の取組みを定期的に評価し、見直すことで、情報セキュリティの継続的な改善を図ります。</p>
      </LegalSection>

      <LegalSection heading="お客さまへのお願い">
        <Items>
          <li>
            当社がメールや電話でパスワードをお尋ねすることはありません。当社を名乗る不審な連絡を受けた場合は、お問い合わせ窓口までお知らせください。
          </li>
          <li>ログインは、ブックマークなどに登録した本サービスのアドレスから行ってください。</li>
          <li>パスワードは他のサービスと使い回さず、推測されにくいものを設定してください。</li>
        </Items>
        <p>
          お問い合わせ：<a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
