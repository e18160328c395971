// §2 /profile/password/reset/reset/done: the reset ended every session (docs/upstream-api/accounts.md),
// so the way on is to log in. A static segment, ranked above the sibling splat.

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/passwords.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "パスワードを再設定しました")];

export default function PasswordResetDonePage() {
  return (
    <div className="narrow">
      <h1>パスワードを再設定しました</h1>
      <p>新しいパスワードでログインしてください。</p>
      <p className="notice">安全のため、この端末を含むすべての端末でログアウトしました。</p>
      <p>
        <Link to="/login" className="button button-primary">
          ログインする
        </Link>
      </p>
    </div>
  );
}
