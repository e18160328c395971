// §2 /mypage (mypage layout, authenticated-redirect, system-settings). The first version: who is
// logged in, and the way to log out; the account overview grows in the next issue.

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { areNewEntriesStopped } from "~/domain/new-entry";
import { userStatus } from "~/domain/user";
import { withUpstream } from "~/upstream/context.server";
import { loadSystemSettings, requireUser } from "~/upstream/guards.server";
import { pageTitle } from "~/routing/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "マイページ")];

const STATUS_TEXT = {
  login: "お申し込みに必要な会員情報が揃っています。",
  lackOfUserData: "お申し込みの前に、会員情報の登録が必要です。",
  preEntryDeclined: "事前審査の結果、現在はお申し込みいただけません。",
  logout: "",
} as const;

export function loader(args: LoaderFunctionArgs) {
  return withUpstream(args, async (upstream) => {
    const user = await requireUser(upstream);
    const settings = await loadSystemSettings(upstream);
    return json({
      email: user.email ?? "",
      companyName: user.company_name ?? "",
      statusText: STATUS_TEXT[userStatus(user)],
      isEmailVerified: user.is_email_verified === true,
      suppressionMessage: areNewEntriesStopped(settings, user.user_segment) ? settings.message : "",
    });
  });
}

export default function MyPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <>
      <h1>マイページ</h1>
      {view.suppressionMessage ? <p className="alert">{view.suppressionMessage}</p> : null}
      <dl className="summary-list">
        <div>
          <dt>ログイン中のメールアドレス</dt>
          <dd data-testid="current-email">{view.email}</dd>
        </div>
        {view.companyName ? (
          <div>
            <dt>会社名・屋号</dt>
            <dd>{view.companyName}</dd>
          </div>
        ) : null}
        <div>
          <dt>メールアドレスの確認</dt>
          <dd>{view.isEmailVerified ? "確認済み" : "未確認（確認メールのリンクを開いてください）"}</dd>
        </div>
      </dl>
      <p>{view.statusText}</p>
    </>
  );
}
