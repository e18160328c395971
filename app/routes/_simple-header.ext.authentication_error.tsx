// §2 /ext/authentication_error, listed without detail: where a failed partner sign-in lands, with the
// ways on. The query is ignored: nothing from outside is shown or followed.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ContactDesk } from "~/components/contact-desk";
import { useBrand } from "~/components/site-chrome";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "認証に失敗しました"),
  { name: "robots", content: "noindex" },
];

const MAIL_SUBJECT = "外部サービスからのログインについて";

export default function ExternalAuthenticationErrorPage() {
  const brand = useBrand();
  return (
    <div className="narrow ext-page">
      <h1>外部サービスでの認証に失敗しました</h1>
      <p>
        提携先のサービスから{brand.serviceName}
        へ移動する際の本人確認が完了しませんでした。認証の有効期限が切れたか、途中で操作が取り消された可能性があります。
      </p>
      <p>
        お手数ですが、{brand.serviceName}
        のログインページから、登録済みのメールアドレスとパスワードでログインしてください。
      </p>
      <p className="button-row">
        <Link to="/login" className="button button-brand">
          ログインページへ
        </Link>
      </p>
      <ul className="link-list">
        <li>
          <Link to="/profile/password/reset/recover">パスワードをお忘れの方はこちら</Link>
        </li>
        <li>
          <Link to="/register">はじめてご利用の方（会員登録）</Link>
        </li>
      </ul>
      <h2>解決しない場合</h2>
      <p>
        何度試してもログインできない場合は、
        <ContactDesk subject={MAIL_SUBJECT} />
        までお問い合わせください。その際、ご登録のメールアドレスと、エラーが表示された日時をお知らせください。
      </p>
    </div>
  );
}
