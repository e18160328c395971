// §2 /register/complete (anonymous layout): registration done; the activation e-mail is on its way.

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "会員登録が完了しました")];

export default function RegisterCompletePage() {
  return (
    <div className="narrow">
      <h1>会員登録が完了しました</h1>
      <p>
        ご登録いただいたメールアドレスに確認メールをお送りしました。メールに記載のリンクを開いて、メールアドレスの確認を完了してください。
      </p>
      <p className="notice">
        メールが届かない場合は、迷惑メールフォルダをご確認ください。マイページから確認メールを再送できます。
      </p>
      <p>
        <Link to="/mypage" className="button button-primary">
          マイページへ進む
        </Link>
      </p>
    </div>
  );
}
