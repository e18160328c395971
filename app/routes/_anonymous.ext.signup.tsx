// §2 /ext/signup, listed without detail: a partner's customers learn of the service and go to
// /register. Nothing of the query is kept, so a crafted link can neither redirect nor put words here.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "会員登録のご案内"),
  {
    name: "description",
    content: "請求書（売掛金）を買い取り、支払期日より前に資金をお届けするサービスの会員登録のご案内です。",
  },
];

const STEPS = [
  {
    title: "会員登録",
    text: "メールアドレスとパスワードを登録し、届いたメールのリンクからアドレスを確認します。",
  },
  {
    title: "会社情報と本人確認",
    text: "会社情報を入力し、本人確認書類（表面・裏面。マイナンバーカードは表面のみ）をアップロードします。",
  },
  {
    title: "お申込み",
    text: "買い取りを希望する請求書（5件まで）、決算書、直近4か月分の入出金明細を提出します。",
  },
  {
    title: "審査・契約・ご入金",
    text: "審査の結果をご確認のうえオンラインでご契約いただくと、ご登録の口座へお振り込みします。",
  },
] as const;

export default function ExternalSignupPage() {
  const brand = useBrand();
  return (
    <div className="ext-page">
      <h1>{brand.serviceName}へようこそ</h1>
      <p>
        {brand.serviceName}
        は、お持ちの請求書（売掛金）を買い取り、支払期日より前に資金をお届けするサービスです。融資ではないため、借入れは増えません。お申込みからご契約まで、すべてオンラインで行えます。
      </p>
      {brand.partnerName ? (
        <p>
          本サービスは、{brand.partnerName}との提携により{brand.operatorName}が提供しています。
        </p>
      ) : null}
      <h2>ご利用の流れ</h2>
      <ol className="ext-steps">
        {STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
      <p>会員登録、お申込み、審査に費用はかかりません。</p>
      <p className="button-row">
        <Link to="/register" className="button button-brand">
          会員登録へ進む
        </Link>
      </p>
      <p>
        すでに会員の方は<Link to="/login">ログイン</Link>してください。ご登録の前に
        <Link to="/terms">利用規約</Link>と<Link to="/policy/privacy">プライバシーポリシー</Link>
        をご確認ください。
      </p>
    </div>
  );
}
