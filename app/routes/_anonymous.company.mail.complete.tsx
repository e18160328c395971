// §2 /company/mail/complete (anonymous layout): the e-mail address is confirmed. Opened on the device
// where the person is logged in, it leads on to the profile; elsewhere, to log in.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { asksForProfile } from "~/domain/new-entry";
import { isAuthenticated } from "~/domain/user";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/account.css";
import { fetchCurrentUser } from "~/upstream/auth.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "メールアドレスの確認が完了しました")];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await fetchCurrentUser(ctx);
  const next = !isAuthenticated(user)
    ? {
        text: "ログインして、お申し込みに必要な会員情報の登録にお進みください。",
        href: "/login",
        label: "ログインする",
      }
    : asksForProfile(user)
      ? {
          text: "続いて、お申し込みに必要な会員情報をご登録ください。",
          href: "/register/profile",
          label: "会員情報の登録へ進む",
        }
      : {
          // A declined screening owes no profile: My page gives its answer.
          text: "マイページからお申し込みの状況をご確認いただけます。",
          href: "/mypage",
          label: "マイページへ進む",
        };
  return json({ next });
}

export default function MailCompletePage() {
  const { next } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>メールアドレスの確認が完了しました</h1>
      <div className="notice notice-done" role="status">
        <p>ご登録のメールアドレスを確認しました。ありがとうございます。</p>
      </div>
      <p>{next.text}</p>
      <p className="account-actions">
        <Link to={next.href} className="button button-primary">
          {next.label}
        </Link>
      </p>
    </div>
  );
}
