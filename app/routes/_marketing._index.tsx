// §2 "/ : landing page (marketing layout). Skips authentication."

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Fact } from "~/components/entry-figures";
import { useBrand } from "~/components/site-chrome";
import { FIGURE_LABELS as L } from "~/domain/purchase-figures";
import { publishedTerms } from "~/domain/published-terms";
import { serviceNameOf } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${serviceNameOf(matches)} | 請求書を早期に現金化するファクタリングサービス` },
  {
    name: "description",
    content:
      "中小企業・個人事業主の請求書（売掛金）を買い取り、支払期日より前に資金をお届けするオンラインサービスです。",
  },
];

const STEPS = [
  { title: "会員登録", text: "メールアドレスとパスワードで登録し、会社情報と本人確認書類をご提出ください。" },
  {
    title: "お申し込み",
    text: "請求書（最大5件）、決算書、入出金明細をアップロードし、希望買取額を入力します。",
  },
  {
    title: "審査・ご契約・ご入金",
    text: "審査結果をご確認のうえオンラインでご契約いただくと、指定口座へお振り込みします。",
  },
] as const;

const FEATURES = [
  { title: "オンラインで完結", text: "来店や郵送は不要です。スマートフォンからでもお申し込みいただけます。" },
  {
    title: "下書きを自動保存",
    text: "入力内容は手順ごとに保存されます。途中で中断しても続きから再開できます。",
  },
] as const;

/** Only a brand that serves sole proprietors says so (§6: individuals may be unsupported). */
function divisionFeature(individualSupported: boolean) {
  return individualSupported
    ? { title: "法人・個人事業主に対応", text: "事業形態に応じて必要な書類をご案内します。" }
    : { title: "法人のお客さま専用", text: "法人のお客さまに必要な書類をわかりやすくご案内します。" };
}

/** The brand's published figures, the ones its 特定商取引法 notice gives (app/domain/published-terms.ts). */
function PriceAndTiming() {
  const terms = publishedTerms(useBrand().pricing);
  return (
    <>
      <dl className="summary-list">
        <Fact term="掛目" value={`${L.repayment}（売掛先から入金される額）の${terms.purchaseRatioRange}`} />
        <Fact term={L.fee} value={`${L.purchaseAmount}（${L.repayment} × 掛目）の${terms.feeRange}`} />
        <Fact
          term={L.cost}
          value={`${L.repayment}の${terms.costRange}（${L.marginPart}と${L.fee}。別に${L.bankCharge}がかかります）`}
        />
        <Fact
          term="審査の結果"
          value={`必要な書類が揃ってから、原則${terms.reviewDays}営業日以内にお知らせします`}
        />
        <Fact
          term="お振込み"
          value={`ご契約の翌営業日までにお振り込みします（お申し込みから最短${terms.payoutLeadDays}営業日）`}
        />
      </dl>
      <p className="notice">
        {`掛目と${L.fee}は審査により決まり、ご契約の前に金額と率をご提示します。会員登録、お申し込み、審査は無料です。詳しくは`}
        <Link to="/legal/sct">特定商取引法に基づく表記</Link>
        をご覧ください。
      </p>
    </>
  );
}

export default function LandingPage() {
  const brand = useBrand();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <p className="hero-service">{brand.serviceName}</p>
          <h1 id="hero-title">請求書を、支払期日より前に資金へ。</h1>
          <p>
            お持ちの請求書（売掛金）を買い取り、入金を待たずに資金をお届けするサービスです。お申し込みから契約まで、すべてオンラインで行えます。
          </p>
          <div className="button-row">
            <Link to="/register" className="button button-primary">
              無料で会員登録する
            </Link>
            <Link to="/login" className="button button-secondary">
              ログイン
            </Link>
          </div>
        </div>
      </section>
      <section className="section container" aria-labelledby="steps-title">
        <h2 id="steps-title">ご利用の流れ</h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card">
              <h3>
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="section container" aria-labelledby="features-title">
        <h2 id="features-title">特長</h2>
        <ul className="features">
          {[...FEATURES, divisionFeature(brand.individualSupported)].map((feature) => (
            <li key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section container" aria-labelledby="price-title">
        <h2 id="price-title">費用とお振込みの時期</h2>
        <PriceAndTiming />
      </section>
      <section className="section container" aria-labelledby="docs-title">
        <h2 id="docs-title">お申し込みに必要なもの</h2>
        <ul>
          <li>買い取りを希望する請求書（1回のお申し込みにつき5件まで）</li>
          <li>決算書または試算表（個人事業主の方は確定申告書または開業届）</li>
          <li>直近4か月分の入出金明細（通帳またはインターネットバンキングの画面）</li>
          <li>本人確認書類（運転免許証、パスポート、マイナンバーカードなど）</li>
        </ul>
        <p className="notice">アップロードできるファイルは PDF・JPEG・PNG 形式、1ファイル10MBまでです。</p>
      </section>
    </>
  );
}
