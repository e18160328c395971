// §2 /callback, listed without detail: no external identity provider exists, so a session goes to My
// page and anyone else to login; nothing of the query is read (no open redirect).

import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { AppSession } from "~/request/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await AppSession.fromRequest(request);
  return redirect(session.hasUpstreamSession ? "/mypage" : "/login");
}
