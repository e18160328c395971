// §2 /register/activation: where the activation mail went, a resend (rate limited per user), and once
// confirmed the way on to the profile.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/form/submit-button";
import { ContactDesk } from "~/components/contact-desk";
import { useBrand } from "~/components/site-chrome";
import {
  ACTIVATION_LINK_VALID_DAYS,
  ActivationMessage,
  RESEND_LIMIT_PER_USER,
  RESEND_WINDOW_MINUTES,
} from "~/domain/activation";
import { asksForProfile } from "~/domain/new-entry";
import { pageTitle } from "~/routing/meta";
import { clientAddress } from "~/request/client-address";
import { limitKey, retryAfterHeader } from "~/security/rate-limit.server";
import styles from "~/styles/account.css";
import { resendActivationMail } from "~/upstream/activation.server";
import { formFailure } from "~/forms/form-errors.server";
import { isFormFailure } from "~/forms/form-failure";
import { requireUser } from "~/request/guards.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "メールアドレスの確認")];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const SENT_FLAG = "sent";
/** Each resend is a mail: 3 a user in 10 minutes, 300 for everyone a minute. */
const RESEND_LIMIT = {
  perUser: RESEND_LIMIT_PER_USER,
  perUserWindowSeconds: RESEND_WINDOW_MINUTES * 60,
  perAddress: 30,
};

function isVerified(user: { is_email_verified?: boolean }): boolean {
  return user.is_email_verified === true;
}

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  const verified = isVerified(user);
  return json({
    email: user.email ?? "",
    isVerified: verified,
    justSent: !verified && ctx.url.searchParams.get(SENT_FLAG) === "1",
    nextStep: asksForProfile(user)
      ? { href: "/register/profile", label: "会員情報の登録へ進む" }
      : { href: "/mypage", label: "マイページへ進む" },
  });
}

export async function action({ context: ctx, request }: ActionFunctionArgs) {
  const user = await requireUser(ctx);
  if (isVerified(user)) return redirect("/register/activation");

  // Per user and per address: never one count for everyone, which a flood would spend.
  const perUser = await limitKey(
    "activation-resend",
    String(user.id),
    RESEND_LIMIT.perUser,
    RESEND_LIMIT.perUserWindowSeconds,
  );
  const perAddress = perUser.allowed
    ? await limitKey("activation-resend-address", clientAddress(request), RESEND_LIMIT.perAddress, 60)
    : perUser;
  if (!perAddress.allowed) {
    const retryAfter = perAddress.retryAfterSeconds;
    return formFailure({}, {}, 429, {
      formErrors: [ActivationMessage.resendLimited(retryAfter)],
      headers: retryAfterHeader(retryAfter),
    });
  }

  const outcome = await resendActivationMail(ctx);
  // Already confirmed (on another device, say): the page then says so.
  if (outcome === "alreadyVerified") return redirect("/register/activation");
  return redirect(`/register/activation?${SENT_FLAG}=1`);
}

export default function ActivationPage() {
  const view = useLoaderData<typeof loader>();
  // The page's only form is a button: its refusal (the failure shape) is one alert, no summary.
  const actionData = useActionData<typeof action>();
  const refusal = isFormFailure(actionData) ? actionData.formErrors[0] : null;
  const brand = useBrand();

  if (view.isVerified) {
    return (
      <div className="narrow">
        <h1>メールアドレスの確認</h1>
        <div className="notice notice-done" role="status">
          <p>{ActivationMessage.alreadyVerified}</p>
        </div>
        <dl className="summary-list">
          <div>
            <dt>確認済みのメールアドレス</dt>
            <dd>{view.email}</dd>
          </div>
        </dl>
        <p className="account-actions">
          <Link to={view.nextStep.href} className="button button-primary">
            {view.nextStep.label}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="narrow">
      <h1>メールアドレスの確認</h1>
      {/* One message per outcome: a refused resend is not also announced as sent. */}
      {view.justSent && !refusal ? (
        <div className="notice notice-done" role="status">
          <p>{ActivationMessage.resent}</p>
        </div>
      ) : null}
      {refusal ? (
        <div className="alert" role="alert">
          <p>{refusal}</p>
        </div>
      ) : null}
      <p>
        ご登録のメールアドレスに確認メールをお送りしました。メールに記載のリンクを開き、表示される画面で「メールアドレスを確認する」ボタンを押してください。
      </p>
      <dl className="summary-list">
        <div>
          <dt>送信先のメールアドレス</dt>
          <dd data-testid="activation-email">{view.email}</dd>
        </div>
        <div>
          <dt>リンクの有効期限</dt>
          <dd>メールの送信から{ACTIVATION_LINK_VALID_DAYS}日間（一度だけ使えます）</dd>
        </div>
      </dl>
      <p>確認が済むと、お申し込みに必要な会員情報の登録に進めます。</p>

      <h2 className="account-subheading">メールが届かない場合</h2>
      <ul className="account-hints">
        <li>迷惑メールフォルダに振り分けられていないかご確認ください。</li>
        <li>
          受信の設定をしている場合は、{brand.supportEmail.replace(/^.*@/, "")}
          からのメールを受け取れるようにしてください。
        </li>
        <li>
          メールアドレスが誤っている場合は、
          <ContactDesk />
          までお問い合わせください。
        </li>
      </ul>
      <Form method="post" className="account-form">
        <p className="field-hint" id="resend-hint">
          再送すると、以前にお送りしたメールのリンクは使えなくなります。
        </p>
        <SubmitButton pendingText="送信しています…" intent="resend" describedBy="resend-hint">
          確認メールを再送する
        </SubmitButton>
      </Form>
      <p className="link-list">
        <Link to="/mypage">マイページへ戻る</Link>
      </p>
    </div>
  );
}
