// /profile/password/change/done: reaching it proves the rotated session was kept. `change_`: a sibling
// of the form, not a child.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/passwords.css";
import { requireUser } from "~/request/guards.server";
import { MyPageButton } from "~/components/my-page-button";

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
      <MyPageButton>マイページへ戻る</MyPageButton>
    </div>
  );
}
