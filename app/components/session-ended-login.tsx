// A wizard step's error boundary: a login in place carrying what was typed when the session ended
// (decision 0027), else the §2 error screen.

import type { MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ErrorScreen, errorScreenOf } from "~/components/error-screen";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { LoginFields } from "~/components/login-fields";
import { LOGIN_FIELD_LABELS } from "~/forms/login-labels";
import {
  RELOGIN_PARAM,
  type SessionEnded,
  TYPED_BY_FIELD,
  TYPED_FIELD,
  isSessionEnded,
} from "~/forms/session-resume";
import { pageTitle } from "~/routing/meta";
import { noticesFor } from "~/routing/propagated-errors";

/** A step's title; with its boundary shown, the login's or the error screen's, as the root gives. */
export function stepMeta(page: string): MetaFunction {
  return ({ error, matches }) => {
    if (error == null) return [pageTitle(matches, page)];
    const ended = isRouteErrorResponse(error) && isSessionEnded(error.data);
    return [pageTitle(matches, ended ? "ログイン" : errorScreenOf(error, false).title)];
  };
}

export function StepErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isSessionEnded(error.data)) return <LoginInPlace answer={error.data} />;
  return <ErrorScreen />;
}

function LoginInPlace({ answer }: { answer: SessionEnded }) {
  const { pathname } = useLocation();
  const [notice] = noticesFor([answer.reason]);
  const carried = answer.typed;
  const bound = carried !== null;
  return (
    <section className="narrow" aria-labelledby="login-in-place-title">
      <h1 id="login-in-place-title">もう一度ログインしてください</h1>
      <p className="alert">{notice!.text}</p>
      {bound ? (
        <p>
          入力した内容はこの画面に残っています。入力したご本人がログインすると、下書きとして保存し、入力の画面に戻ります。ほかの方がログインしても保存しません。
        </p>
      ) : (
        <p>
          この画面の入力内容は保存できませんでした。お手数ですが、ログインのあと、もう一度入力してください。
        </p>
      )}
      {bound && answer.filesDropped ? (
        <p className="alert">
          選んだファイルはまだ送信していません。ログインのあと、もう一度選んでください。
        </p>
      ) : null}
      <FormScope failure={answer.login}>
        <Form method="post" action={`${pathname}?${RELOGIN_PARAM}`} noValidate className="form">
          <ErrorSummary labels={LOGIN_FIELD_LABELS} />
          {carried !== null ? <input type="hidden" name={TYPED_FIELD} value={carried} /> : null}
          <LoginFields wrongService={answer.login?.wrongService ?? null} />
          <SubmitButton pendingText="ログインしています…">
            {bound ? "ログインして保存する" : "ログインする"}
          </SubmitButton>
        </Form>
      </FormScope>
    </section>
  );
}

/** In a step's form: whom the page was rendered for (the loader's typedByToken), so what is typed stays theirs. */
export function TypedByField({ token }: { token: string }) {
  return <input type="hidden" name={TYPED_BY_FIELD} value={token} />;
}
