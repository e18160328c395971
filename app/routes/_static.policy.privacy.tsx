// §2 /policy/privacy (static layout): the privacy policy. A template written for this product, marked
// as such for the operator to replace. It names what the service actually collects (identity documents,
// financial statements, withdrawals details, invoices and the obligers on them, bank accounts).

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Blank, Items, LegalDocument, LegalSection } from "~/components/legal-document";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "プライバシーポリシー")];

export default function PrivacyPolicyPage() {
  const brand = useBrand();
  return (
    <LegalDocument
      title="プライバシーポリシー"
      lead={
        <p>
          {brand.operatorName}（以下「当社」といいます。）は、「{brand.serviceName}
          」（以下「本サービス」といいます。）でお預かりするお客さまの個人情報を、個人情報の保護に関する法律（以下「個人情報保護法」といいます。）その他の関係法令およびガイドラインに従い、次のとおり取り扱います。
        </p>
      }
    >
      <LegalSection heading="1. 取得する情報">
        <p>当社は、本サービスの提供にあたり、次の情報を適正な手段により取得します。</p>
        <Items>
          <li>
            <strong>会員登録の情報</strong>
            ：メールアドレス、パスワード（当社でも元に戻せない形式に変換して保存します）、法人・個人事業主の別
          </li>
          <li>
            <strong>会員・事業者の情報</strong>
            ：代表者または事業主の氏名、会社名、事業所と代表者の住所・電話番号、業種、事業内容
          </li>
          <li>
            <strong>本人確認書類</strong>
            ：運転免許証、パスポート、マイナンバーカード等の画像とその有効期限。個人番号（マイナンバー）は取得しません。マイナンバーカードの裏面を提出される場合は、個人番号を隠してください。
          </li>
          <li>
            <strong>財務に関する書類</strong>
            ：決算書（損益計算書、貸借対照表、勘定科目内訳明細書、販売費及び一般管理費の明細）、試算表、確定申告書、開業届
          </li>
          <li>
            <strong>入出金明細</strong>
            ：預金通帳の表紙と明細の写し、インターネットバンキングの口座情報と明細の画面
          </li>
          <li>
            <strong>請求書と売掛先の情報</strong>
            ：請求書に記載された売掛先の名称、所在地、法人番号、担当者名、取引の内容、金額、支払期日、売掛先からの入金口座
          </li>
          <li>
            <strong>口座情報</strong>
            ：買取代金をお振り込みする金融機関名、支店名、預金種目、口座番号、口座名義
          </li>
          <li>
            <strong>ご利用状況の情報</strong>
            ：ログイン日時、IPアドレス、ブラウザの種類、Cookieによる識別子、閲覧したページ
          </li>
        </Items>
      </LegalSection>

      <LegalSection heading="2. 利用目的">
        <p>当社は、取得した情報を次の目的の範囲で利用します。</p>
        <Items>
          <li>ご本人であることの確認、会員の登録と管理のため</li>
          <li>
            請求書の買取りのお申込みの受付、審査、契約の締結、買取代金のお支払い、売掛債権の管理と回収のため
          </li>
          <li>不正な利用の防止、反社会的勢力との取引の排除、その他法令に基づく対応のため</li>
          <li>お問い合わせへの回答、審査の結果や書類の不備など重要なお知らせのため</li>
          <li>
            本サービスの改善と新しいサービスの開発のため（個人を識別できない統計情報に加工して利用します）
          </li>
          <li>当社のサービスのご案内のため（会員はいつでも停止をお申し出いただけます）</li>
        </Items>
      </LegalSection>

      <LegalSection heading="3. 第三者への提供">
        <p>
          当社は、次の場合を除き、あらかじめご本人の同意を得ることなく、個人データを第三者に提供しません。
        </p>
        <Items>
          <li>法令に基づく場合</li>
          <li>人の生命、身体または財産の保護のために必要があり、ご本人の同意を得ることが困難な場合</li>
          <li>
            国の機関もしくは地方公共団体またはその委託を受けた者が法令の定める事務を行うことに協力する必要があり、ご本人の同意を得ることにより当該事務の遂行に支障を及ぼすおそれがある場合
          </li>
          <li>債権譲渡登記その他債権譲渡契約の履行に必要な手続のため、法令に従い必要な範囲で提供する場合</li>
          <li>
            次項の委託、合併その他の事由による事業の承継、または共同利用に伴って提供する場合（個人情報保護法第27条第5項）
          </li>
        </Items>
        {brand.partnerName ? (
          <p>
            本サービスは{brand.partnerName}
            との提携サービスです。当社は、会員の同意を得たうえで、お申込みの有無と状況を同社に提供することがあります。
          </p>
        ) : null}
      </LegalSection>

      <LegalSection heading="4. 取扱いの委託">
        <p>
          当社は、利用目的の達成に必要な範囲で、個人情報の取扱いの全部または一部を外部に委託することがあります（システムの運用・保守、データの保管、電子メールの配信など）。委託先は当社の基準により選定し、契約で安全管理措置を義務づけ、必要かつ適切な監督を行います。
        </p>
      </LegalSection>

      <LegalSection heading="5. 安全管理措置">
        <p>当社は、個人データの漏えい、滅失または毀損を防ぐため、次の措置を講じます。</p>
        <Items>
          <li>
            <strong>組織的な措置</strong>
            ：個人情報の管理責任者を置き、取扱いの規程を定め、運用状況を定期的に点検します。
          </li>
          <li>
            <strong>人的な措置</strong>
            ：従業者と秘密保持の誓約を交わし、個人情報の取扱いについて定期的に研修を行います。
          </li>
          <li>
            <strong>物理的な措置</strong>
            ：個人データを取り扱う区域への入退室を管理し、書類や機器の盗難と紛失を防ぎます。
          </li>
          <li>
            <strong>技術的な措置</strong>
            ：通信を暗号化し、提出書類にアクセスできる者を業務上必要な担当者に限り、アクセスの記録を保存し、不正アクセスを防ぐ仕組みを導入します。
          </li>
          <li>
            <strong>外的環境の把握</strong>
            ：外国の事業者のサービスに個人データを保管する場合は、その国の個人情報の保護に関する制度を把握したうえで措置を講じます（保管先の国名：
            <Blank>運営者が記入してください</Blank>）。
          </li>
        </Items>
      </LegalSection>

      <LegalSection heading="6. 開示等のご請求">
        <p>
          ご本人またはその代理人は、当社が保有する保有個人データについて、利用目的の通知、開示（第三者提供の記録を含みます。）、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止を請求することができます。下記の窓口までご連絡ください。ご本人であることを確認したうえで、遅滞なく対応します。手数料の有無と金額は窓口でご案内します。
        </p>
      </LegalSection>

      <LegalSection heading="7. Cookie等の利用">
        <p>
          本サービスは、ログインの状態を保つためにCookieを使用します。Cookieを無効にするとログインできません。ご利用状況の分析のためにアクセス解析の仕組みを利用する場合があり、その場合も個人を特定する目的では利用しません。
        </p>
      </LegalSection>

      <LegalSection heading="8. お問い合わせ窓口">
        <dl className="legal-contact">
          <div>
            <dt>窓口</dt>
            <dd>{brand.operatorName} 個人情報お問い合わせ窓口</dd>
          </div>
          <div>
            <dt>所在地</dt>
            <dd>
              <Blank>〒000-0000 運営者の所在地を記入してください</Blank>
            </dd>
          </div>
          <div>
            <dt>メールアドレス</dt>
            <dd className="link-list">
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            </dd>
          </div>
          <div>
            <dt>受付時間</dt>
            <dd>平日 10時〜17時（土日祝日・年末年始を除きます）</dd>
          </div>
        </dl>
      </LegalSection>

      <LegalSection heading="9. 本ポリシーの改定">
        <p>
          当社は、法令の改正や本サービスの変更に応じて本ポリシーを改定することがあります。重要な変更を行う場合は、本サービス上でお知らせします。
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
