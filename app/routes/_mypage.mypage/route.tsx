// §2 /mypage: where the user stands, what to do next, the entries, and why a new entry may not start.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EntryCodeStatus } from "~/components/entry-code-status";
import { NewEntryPanel } from "~/components/new-entry-panel";
import { FetchPageFilesAhead } from "~/components/page-scripts";
import { PropagatedNotices } from "~/components/notices";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/account.css";
import { recordVisitAfterMailVerification } from "~/upstream/activation.server";
import { type AuthenticatedUser, requireUser } from "~/request/guards.server";
import { loadNewEntryInput } from "~/request/entry-guard.server";
import { savesData } from "~/request/save-data";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import { japanDate } from "~/domain/japan-date";
import { type StepView, toMyPageView } from "./view-model";
import { entryPaths } from "~/routing/entry-paths";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "マイページ")];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * §7 POST /api/me/visited_at_entry_page_after_mail_verification, once: a GET that writes is fine here,
 * as it is idempotent and needs the session (no mail scanner reaches it).
 */
function shouldRecordVisit(user: AuthenticatedUser): boolean {
  return user.is_email_verified === true && !user.visited_at_entry_page_after_mail_verification;
}

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  const [{ settings, entries, input }] = await Promise.all([
    loadNewEntryInput(ctx, user),
    shouldRecordVisit(user) ? recordVisitAfterMailVerification(ctx) : null,
  ]);
  return json({
    ...toMyPageView({
      ...input,
      user,
      entries,
      suppression: settings,
      calendar: returnDateCalendar(
        entries.flatMap((entry) => entry.claims),
        japanDate(ctx.now),
      ),
    }),
    savesData: savesData(ctx.request),
  });
}

export default function MyPage() {
  const view = useLoaderData<typeof loader>();
  const stepsFirst = view.hasNextStep && !view.hasAttention;
  const stepsSection = (
    <section aria-labelledby="steps-heading" className="my-page-section">
      <h2 id="steps-heading">ご利用までの流れ</h2>
      {view.hasNextStep ? null : <p>お申し込みの前に必要なご登録は完了しています。</p>}
      <ol className="account-steps">
        {view.steps.map((step, index) => (
          <AccountStepItem key={step.id} step={step} number={index + 1} />
        ))}
      </ol>
    </section>
  );
  return (
    <div className="my-page">
      <h1>マイページ</h1>
      <PropagatedNotices />
      <p className="my-page-account">
        {view.greeting ? <span className="my-page-company">{view.greeting} 様</span> : null}
        <span>
          ログイン中：<span data-testid="current-email">{view.email}</span>
        </span>
      </p>
      {/* Whatever needs the user comes first (on a phone, the first thing under the title): an entry
          that asks something, else the next account step; the steps wait below the entries otherwise. */}
      {stepsFirst ? stepsSection : null}
      <section aria-labelledby="entries-heading" className="my-page-section" id="entries">
        <h2 id="entries-heading">お申し込み</h2>
        {view.hasAttention ? null : <NewEntryPanel newEntry={view.newEntry} />}
        <h3>お申し込みの履歴</h3>
        {view.entries.length === 0 ? (
          <p>お申し込みはまだありません。</p>
        ) : (
          <ul className="entry-list" aria-label="お申し込みの一覧">
            {view.entries.map((entry) => (
              <li
                key={entry.id}
                className={entry.attention ? "entry-card entry-card-attention" : "entry-card"}
              >
                <div className="entry-card-head">
                  <EntryCodeStatus entry={entry} />
                </div>
                {entry.attention ? (
                  <div className="entry-attention">
                    <p className="entry-attention-text">
                      <span className="visually-hidden">ご対応のお願い：</span>
                      {entry.attention.text}
                    </p>
                    {entry.attention.actions.map((action) => (
                      <p key={action.href}>
                        <Link to={action.href} className="button button-primary">
                          {action.label}
                        </Link>
                      </p>
                    ))}
                  </div>
                ) : null}
                <dl className="entry-facts">
                  <div>
                    <dt>申込日</dt>
                    <dd>{entry.createdDate}</dd>
                  </div>
                  <div>
                    <dt>希望買取額</dt>
                    <dd>{entry.desiredAmount}</dd>
                  </div>
                  <div>
                    <dt>請求書</dt>
                    <dd>{entry.claimSummary}</dd>
                  </div>
                </dl>
                {entry.nextReturn ? (
                  <p className="entry-return">
                    {entry.nextReturn.label}：{entry.nextReturn.date}
                    {entry.nextReturn.note ? (
                      <span className="fact-note">{entry.nextReturn.note}</span>
                    ) : null}
                  </p>
                ) : null}
                <p className="entry-card-link link-list">
                  <Link to={entryPaths.detail(entry.id)}>申込番号 {entry.code} の詳細を見る</Link>
                </p>
              </li>
            ))}
          </ul>
        )}
        {view.hasAttention ? <NewEntryPanel newEntry={view.newEntry} /> : null}
      </section>
      {stepsFirst ? null : stepsSection}
      {/* The wizard's first step is the likely next page: its files wait in the cache (decision 0038). */}
      {view.newEntry.allowed && !view.savesData ? <FetchPageFilesAhead path={view.newEntry.href} /> : null}

      <section aria-labelledby="account-heading" className="my-page-section">
        <h2 id="account-heading">ご登録情報</h2>
        <dl className="summary-list">
          <div>
            <dt>メールアドレス</dt>
            <dd>
              {view.email}（{view.isEmailVerified ? "確認済み" : "未確認"}）
            </dd>
          </div>
          {view.companyName ? (
            <div>
              <dt>{view.businessNameLabel}</dt>
              <dd>{view.companyName}</dd>
            </div>
          ) : null}
          <div>
            <dt>本人確認書類</dt>
            <dd data-testid="identity-status">{view.identity.label}</dd>
          </div>
          <div>
            <dt>本人確認書類の有効期限</dt>
            <dd data-testid="identity-valid-date">
              {view.identity.validDate || "—"}
              {view.identity.isExpired ? <span className="text-attention">（期限切れ）</span> : null}
            </dd>
          </div>
        </dl>
        <ul className="link-list">
          {view.preEntryPath ? (
            <li>
              <Link to={view.preEntryPath}>
                事前審査の質問に回答する（お申し込みいただけるかを確認できます）
              </Link>
            </li>
          ) : null}
          {view.profileLink ? (
            <li>
              <Link to="/profile">会員情報・本人確認書類を確認・変更する</Link>
            </li>
          ) : null}
          <li>
            <Link to="/profile/password/change">パスワードを変更する</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function AccountStepItem({ step, number }: { step: StepView; number: number }) {
  return (
    <li className={step.isNext ? "account-step account-step-next" : "account-step"}>
      <div className="account-step-head">
        <span className="account-step-number" aria-hidden="true">
          {number}
        </span>
        <h3 className="account-step-title">
          <span className="visually-hidden">ステップ{number}：</span>
          {step.title}
        </h3>
        <span className={`status-badge status-${step.tone}`}>{step.stateLabel}</span>
      </div>
      {step.isNext ? <p className="account-step-flag">次にしていただくこと</p> : null}
      <p className="account-step-text">{step.text}</p>
      {step.link ? (
        <p className="account-step-action link-list">
          <Link to={step.link.href} className={step.isNext ? "button button-primary" : undefined}>
            {step.link.label}
          </Link>
        </p>
      ) : null}
    </li>
  );
}
