// §2 /callback, listed without detail. Decision: it is the return point of an external
// authentication (a partner's sign-in handing the user back to us). No external identity provider
// exists in this product, so there is nothing to verify or exchange here: a visitor with a session goes
// to My page, anyone else to login. Nothing of the query is read or passed on (no open redirect), and
// no upstream call is made: /mypage runs the authenticated-redirect guard itself, so a stale session
// still ends at login. A resource route (no component): it only ever redirects.

import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { AppSession } from "~/request/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await AppSession.fromRequest(request);
  return redirect(session.hasUpstreamSession ? "/mypage" : "/login");
}
