// §2 /profile/password/reset/done (anonymous layout): after the reset request. The same words whether
// or not the address has an account (REFERENCE.md: "say the same thing in both cases").

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { RESET_LINK_VALID_HOURS } from "~/domain/passwords";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/passwords.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "再設定用のメールを送信しました")];

export default function PasswordResetRequestedPage() {
  return (
    <div className="narrow">
      <h1>再設定用のメールを送信しました</h1>
      <p>
        ご入力のメールアドレスが登録されている場合は、パスワード再設定用のリンクを記載したメールをお送りしました。メールのリンクを開いて、新しいパスワードを設定してください。
      </p>
      <ul className="password-points">
        <li>
          リンクの有効期限は<strong>{RESET_LINK_VALID_HOURS}時間</strong>です。一度使うと無効になります。
        </li>
        <li>メールが届かない場合は、迷惑メールフォルダもご確認ください。</li>
        <li>
          数分たっても届かない場合は、メールアドレスに誤りがないかご確認のうえ、もう一度お手続きください。
        </li>
      </ul>
      <p className="button-row">
        <Link to="/login" className="button button-primary">
          ログイン画面へ
        </Link>
        <Link to="/profile/password/reset/recover" className="button button-secondary">
          メールアドレスを入力し直す
        </Link>
      </p>
    </div>
  );
}
