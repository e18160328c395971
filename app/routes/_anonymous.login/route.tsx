// §2 /login (anonymous layout, already-login-to-mypage, propagate-errors-in-hash-json).

import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, FormScope } from "~/components/form/scope";
import { LoginFields } from "~/components/login-fields";
import { SubmitButton } from "~/components/form/submit-button";
import { PropagatedNotices } from "~/components/notices";
import { safeRedirectTarget } from "~/domain/redirect-target";
import { attemptLogin } from "~/forms/login-attempt.server";
import { LOGIN_FIELD_LABELS } from "~/forms/login-labels";
import { appConfig } from "~/settings/config.server";
import { redirectLoggedInToMyPage } from "~/request/guards.server";
import { pageTitle } from "~/routing/meta";
import { readForm } from "~/forms/read-form.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "ログイン")];

export async function loader({ context: ctx, request }: LoaderFunctionArgs) {
  await redirectLoggedInToMyPage(ctx);
  const url = new URL(request.url);
  return json({
    redirectTo: safeRedirectTarget(url.searchParams.get("redirectTo"), appConfig().appOrigin),
  });
}

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  await redirectLoggedInToMyPage(ctx);
  const attempt = await attemptLogin(ctx, request, await readForm(request));
  if ("failure" in attempt) return attempt.failure;
  return redirect(safeRedirectTarget(attempt.redirectTo, appConfig().appOrigin) ?? "/mypage", {
    headers: attempt.headers,
  });
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const wrongService = actionData && "wrongService" in actionData ? actionData.wrongService : null;
  return (
    <div className="narrow">
      <h1>ログイン</h1>
      <PropagatedNotices />
      <FormScope failure={actionData}>
        <Form method="post" noValidate className="form">
          <ErrorSummary labels={LOGIN_FIELD_LABELS} />
          <LoginFields wrongService={wrongService} redirectTo={redirectTo} />
          <SubmitButton pendingText="ログインしています…">ログイン</SubmitButton>
        </Form>
      </FormScope>
      <ul className="link-list">
        <li>
          <Link to="/profile/password/reset/recover">パスワードをお忘れの方</Link>
        </li>
        <li>
          <Link to="/register">会員登録がお済みでない方</Link>
        </li>
      </ul>
    </div>
  );
}
