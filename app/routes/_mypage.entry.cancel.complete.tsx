// Where a cancelled entry's post lands (PRG). Says what happened and what the user may
// do next; the entry itself shows as 終了 on My page and its detail.

import { type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { pageTitle } from "~/routing/meta";
import { requireUser } from "~/request/guards.server";
import { MyPageButton } from "~/components/my-page-button";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "お申し込みをキャンセルしました")];

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  await requireUser(ctx);
  return json({});
}

export default function CancelCompletePage() {
  return (
    <div>
      <h1>お申し込みをキャンセルしました</h1>
      <p>
        お申し込みのキャンセルを受け付けました。審査・お手続きはすべて終了しました。あらためてお申し込みいただくことができます。
      </p>
      <MyPageButton />
    </div>
  );
}
