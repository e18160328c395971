// §2 /entry/complete: the entry's number read from the upstream, so both answers of a double press
// show the same one (decision 0024).

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withRequestContext } from "~/request/context.server";
import { pageTitle } from "~/routing/meta";
import { loadEntry } from "~/upstream/entries.server";
import { UpstreamError } from "~/upstream/errors.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "お申し込みを受け付けました")];

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const id = ctx.url.searchParams.get("entry") ?? "";
    if (!/^[0-9]{1,18}$/.test(id) || !ctx.session.hasUpstreamSession) return json({ entry: null });
    try {
      const entry = await loadEntry(ctx, id);
      return json({ entry: { code: entry.code, detailPath: `/entry/detail/${entry.id}` } });
    } catch (error) {
      // Another user's entry, a session gone: the page still says what it always says.
      if (error instanceof UpstreamError) return json({ entry: null });
      throw error;
    }
  });
}

export default function EntryCompletePage() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>お申し込みを受け付けました</h1>
      {entry ? (
        <p>
          申込番号 <strong>{entry.code}</strong>
        </p>
      ) : null}
      <p>
        お申し込みいただき、ありがとうございます。受付の確認メールをお送りしました。担当者が内容を確認し、審査結果をメールでお知らせします。
      </p>
      <p className="notice">
        書類に不備があった場合は、マイページからご案内します。審査の状況はマイページでいつでもご確認いただけます。
      </p>
      {entry ? (
        <p className="link-list">
          <Link to={entry.detailPath}>お申し込みの詳細を見る</Link>
        </p>
      ) : null}
      <p>
        <Link to="/mypage" className="button button-primary">
          マイページへ
        </Link>
      </p>
    </div>
  );
}
