// Logout is a POST (ARCHITECTURE §12): the upstream session ends, then the app's.

import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout } from "~/upstream/auth.server";

export async function action({ context: ctx }: ActionFunctionArgs) {
  await logout(ctx);
  return redirect("/login?error=logged_out");
}

/** A GET never logs anyone out (a link or an image could trigger it). */
export function loader() {
  return redirect("/mypage");
}
