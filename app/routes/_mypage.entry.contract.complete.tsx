// Where an agreed contract lands (PRG). Says what happens next (the payout, then the
// return obligation) and links back to the entry, whose detail now shows the dates.

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { entryPaths } from "~/routing/entry-paths";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ご契約ありがとうございます")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  await requireUser(ctx);
  // Only a plain number links back; anything else is left out (never a path from the query).
  const entry = ctx.url.searchParams.get("entry") ?? "";
  return json({ detailPath: /^[0-9]{1,18}$/.test(entry) ? entryPaths.detail(entry) : null });
}

export default function ContractCompletePage() {
  const { detailPath } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>ご契約ありがとうございます</h1>
      <p>
        ご契約の手続きが完了しました。買取代金（お受け取り額）は、ご登録の口座へお振り込みします。お振込の日付と、請求書ごとのご返金の期日・金額・振込先は、お申し込みの詳細でいつでもご確認いただけます。
      </p>
      <p>契約内容の控えを「契約締結のお知らせ」として、ご登録のメールアドレスにお送りしました。</p>
      <ul className="link-list">
        {detailPath ? (
          <li>
            <Link to={detailPath} className="button button-primary">
              お申し込みの詳細を見る
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/mypage">マイページへ</Link>
        </li>
      </ul>
    </div>
  );
}
