// §2 /entry/complete: the entry's number read from the upstream (decision 0024); it is said received and
// mailed only for the user's own entry still under review, otherwise the page points to My page.

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EntryStatus } from "~/domain/statuses";
import { pageTitle } from "~/routing/meta";
import { loadEntry } from "~/upstream/entries.server";
import { UpstreamError } from "~/upstream/errors.server";
import { MyPageButton } from "~/components/my-page-button";
import { entryPaths } from "~/routing/entry-paths";

const RECEIVED_TITLE = "お申し込みを受け付けました";
const NEUTRAL_TITLE = "お申し込みの状況はマイページでご確認いただけます";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data?.received ? RECEIVED_TITLE : NEUTRAL_TITLE),
];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const id = ctx.url.searchParams.get("entry") ?? "";
  if (!/^[0-9]{1,18}$/.test(id) || !ctx.session.hasUpstreamSession) {
    return json({ entry: null, received: false });
  }
  try {
    const entry = await loadEntry(ctx, id);
    return json({
      entry: { code: entry.code, detailPath: entryPaths.detail(entry.id) },
      // Just submitted: still under review. Opened later, its receipt is old news, and review may be done.
      received: entry.status === EntryStatus.under_review,
    });
  } catch (error) {
    // Another user's entry, a session gone: nothing of an entry is said.
    if (error instanceof UpstreamError) return json({ entry: null, received: false });
    throw error;
  }
}

export default function EntryCompletePage() {
  const { entry, received } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>{received ? RECEIVED_TITLE : NEUTRAL_TITLE}</h1>
      {entry ? (
        <p>
          申込番号 <strong>{entry.code}</strong>
        </p>
      ) : null}
      {received ? (
        <>
          <p>
            お申し込みいただき、ありがとうございます。受付の確認メールをお送りしました。担当者が内容を確認し、審査結果をメールでお知らせします。
          </p>
          <p className="notice">
            書類に不備があった場合は、マイページからご案内します。審査の状況はマイページでいつでもご確認いただけます。
          </p>
        </>
      ) : (
        <p>
          お申し込みの受付と審査の状況、審査の結果は、マイページでいつでもご確認いただけます。お申し込みを受け付けたときは、ご登録のメールアドレスに受付の確認メールをお送りしています。
        </p>
      )}
      {entry ? (
        <p className="link-list">
          <Link to={entry.detailPath}>お申し込みの詳細を見る</Link>
        </p>
      ) : null}
      <MyPageButton />
    </div>
  );
}
