// The error boundary of a form that keeps what was typed: a login in place carrying it when the session
// ended (decision 0027), else the §2 error screen.

import type { MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ErrorScreen, errorScreenOf } from "~/components/error-screen";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { LoginFields } from "~/components/login-fields";
import { LOGIN_FIELD_LABELS } from "~/forms/login-labels";
import {
  type AfterLogin,
  type BackToForm,
  RELOGIN_FIELD,
  type SessionEnded,
  TYPED_BY_FIELD,
  TYPED_FIELD,
  isBackToForm,
  isSessionEnded,
} from "~/forms/session-resume";
import { pageTitle } from "~/routing/meta";
import { noticesFor } from "~/routing/propagated-errors";

/**
 * A form page's title (or the title its loader's data gives); with its boundary shown, the login's or the
 * error screen's, as the root gives.
 */
export function keptFormMeta(page: string | ((data: unknown) => string)): MetaFunction {
  return ({ error, matches, data }) => {
    const title = typeof page === "string" ? page : page(data);
    if (error == null) return [pageTitle(matches, title)];
    if (isRouteErrorResponse(error) && isBackToForm(error.data)) return [pageTitle(matches, title)];
    const ended = isRouteErrorResponse(error) && isSessionEnded(error.data);
    return [pageTitle(matches, ended ? "ログイン" : errorScreenOf(error, false).title)];
  };
}

export function KeptFormErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isSessionEnded(error.data)) return <LoginInPlace answer={error.data} />;
  if (isRouteErrorResponse(error) && isBackToForm(error.data)) return <WayBackToForm answer={error.data} />;
  return <ErrorScreen />;
}

/** What the login does with what was typed, said before it; and its button. */
const AFTER_LOGIN_WORDS: Record<AfterLogin, { kept: string; button: string }> = {
  save: {
    kept: "入力した内容はこの画面に残っています。入力したご本人がログインすると、保存して、入力の画面に戻ります。ほかの方がログインしても保存しません。",
    button: "ログインして保存する",
  },
  show: {
    kept: "入力した内容はこの画面に残っています。入力したご本人がログインすると、入力した内容を入れた画面に戻ります。まだ送信していませんので、内容をご確認のうえ、あらためてボタンを押してください。ほかの方がログインしても表示しません。",
    button: "ログインして入力に戻る",
  },
  nothing: {
    kept: "パスワードは、安全のためこの画面に残していません。ログインのあと、もう一度入力してください。",
    button: "ログインする",
  },
};

function LoginInPlace({ answer }: { answer: SessionEnded }) {
  const { pathname } = useLocation();
  const [notice] = noticesFor([answer.reason]);
  const carried = answer.typed;
  const words =
    carried !== null || answer.afterLogin === "nothing" ? AFTER_LOGIN_WORDS[answer.afterLogin] : null;
  return (
    <section className="narrow" aria-labelledby="login-in-place-title">
      <h1 id="login-in-place-title">もう一度ログインしてください</h1>
      <p className="alert">{notice!.text}</p>
      {words ? (
        <p>{words.kept}</p>
      ) : (
        <p>
          この画面の入力内容は保存できませんでした。お手数ですが、ログインのあと、もう一度入力してください。
        </p>
      )}
      {answer.filesDropped.length > 0 ? (
        <div className="alert">
          <p>選んだファイルはまだ送信していません。ログインのあと、もう一度選んでください。</p>
          <ul aria-label="まだ送信していないファイル">
            {answer.filesDropped.map((name, index) => (
              <li key={`${index}:${name}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FormScope failure={answer.login}>
        <Form method="post" action={pathname} noValidate className="form">
          <ErrorSummary labels={LOGIN_FIELD_LABELS} />
          <input type="hidden" name={RELOGIN_FIELD} value="login" />
          {carried !== null ? <input type="hidden" name={TYPED_FIELD} value={carried} /> : null}
          <LoginFields wrongService={answer.login?.wrongService ?? null} />
          <SubmitButton pendingText="ログインしています…">{words?.button ?? "ログインする"}</SubmitButton>
        </Form>
      </FormScope>
    </section>
  );
}

/** Logged in, the form's answer to come: one press brings the form back with what was typed. */
function WayBackToForm({ answer }: { answer: BackToForm }) {
  const { pathname } = useLocation();
  return (
    <section className="narrow" aria-labelledby="back-to-form-title">
      <h1 id="back-to-form-title">ログインしました</h1>
      <p role="status">
        {answer.afterLogin === "save"
          ? "入力した内容を保存しようとしましたが、ご確認いただきたいことがあります。「入力の画面に戻る」を押すと、入力した内容とあわせてお知らせします。"
          : "入力した内容はまだ送信していません。「入力の画面に戻る」を押すと、入力した内容を入れた画面に戻ります。"}
      </p>
      <Form method="post" action={pathname} className="form">
        <input type="hidden" name={RELOGIN_FIELD} value="restore" />
        <input type="hidden" name={TYPED_FIELD} value={answer.typed} />
        <SubmitButton pendingText="戻っています…">入力の画面に戻る</SubmitButton>
      </Form>
    </section>
  );
}

/** In a kept form: whom the page was rendered for (the loader's typedByToken), so what is typed stays theirs. */
export function TypedByField({ token }: { token: string }) {
  return <input type="hidden" name={TYPED_BY_FIELD} value={token} />;
}
