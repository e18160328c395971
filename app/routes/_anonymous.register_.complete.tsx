// §2 /register/complete: registration done; the activation e-mail is on its way.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ACTIVATION_LINK_VALID_DAYS } from "~/domain/activation";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/account.css";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "会員登録が完了しました")];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export default function RegisterCompletePage() {
  return (
    <div className="narrow">
      <h1>会員登録が完了しました</h1>
      <p>
        ご登録いただいたメールアドレスに確認メールをお送りしました。メールに記載のリンクを開いて、メールアドレスの確認を完了してください（リンクの有効期限は
        {ACTIVATION_LINK_VALID_DAYS}日間です）。
      </p>
      <p className="notice">
        メールが届かない場合は、迷惑メールフォルダをご確認ください。次の画面から確認メールを再送できます。
      </p>
      <p className="account-actions">
        <Link to="/register/activation" className="button button-primary">
          メールアドレスの確認へ進む
        </Link>
      </p>
      <p className="link-list">
        <Link to="/mypage">マイページへ進む</Link>
      </p>
    </div>
  );
}
