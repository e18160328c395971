// §2 /profile/mail/change/done: confirms the change (made through the upstream's mailed link) and
// shows the address now in use.

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/routing/meta";
import { requireUser } from "~/request/guards.server";
import { MyPageButton } from "~/components/my-page-button";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "メールアドレスの変更完了")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const user = await requireUser(ctx);
  return json({ email: user.email ?? "" });
}

export default function MailChangeDonePage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="narrow">
      <h1>メールアドレスの変更が完了しました</h1>
      <p>
        今後のログインとご連絡には <strong>{email}</strong> をお使いください。
      </p>
      <MyPageButton>マイページへ戻る</MyPageButton>
    </div>
  );
}
