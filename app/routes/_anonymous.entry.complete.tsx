// §2 /entry/complete (anonymous layout): the entry has been received.

import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "お申し込みを受け付けました")];

export default function EntryCompletePage() {
  return (
    <div className="narrow">
      <h1>お申し込みを受け付けました</h1>
      <p>
        お申し込みいただき、ありがとうございます。受付の確認メールをお送りしました。担当者が内容を確認し、審査結果をメールでお知らせします。
      </p>
      <p className="notice">
        書類に不備があった場合は、マイページからご案内します。審査の状況はマイページでいつでもご確認いただけます。
      </p>
      <p>
        <Link to="/mypage" className="button button-primary">
          マイページへ
        </Link>
      </p>
    </div>
  );
}
