// §2 /callback, listed without detail: no external identity provider exists, so a session goes to My
// page and anyone else to login; nothing of the query is read (no open redirect).

import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

export function loader({ context: ctx }: LoaderFunctionArgs) {
  return redirect(ctx.session.hasUpstreamSession ? "/mypage" : "/login");
}
