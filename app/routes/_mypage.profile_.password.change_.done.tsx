// /profile/password/change/done: reaching it proves the rotated session was kept. `change_`: a sibling
// of the form, not a child.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/passwords.css";
import { requireUser } from "~/request/guards.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "パスワードを変更しました")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  await requireUser(ctx);
  return json({});
}

export default function PasswordChangeDonePage() {
  return (
    <div className="narrow">
      <h1>パスワードを変更しました</h1>
      <p className="notice" role="status">
        新しいパスワードを保存しました。次回のログインから新しいパスワードをお使いください。
      </p>
      <p>この端末ではログインしたままです。ほかの端末やブラウザでは、安全のためログアウトしました。</p>
      <p>
        <Link to="/mypage" className="button button-primary">
          マイページへ戻る
        </Link>
      </p>
    </div>
  );
}
