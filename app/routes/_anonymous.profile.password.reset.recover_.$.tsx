// §2 /profile/password/reset/recover/$: any suffix after the request page.
//
// Why a redirect rather than a second copy of the page: the request form has one address, so its
// action (honeypot, rate limit, the one answer for every address), the links in mails and help texts,
// and the browser's history all agree; a suffix carries nothing the page could use. The search string
// is dropped with it: the page reads none, and an address typed into a URL should not travel on.

import { redirect } from "@remix-run/node";

const REQUEST_PAGE = "/profile/password/reset/recover";

export function loader() {
  return redirect(REQUEST_PAGE, 301);
}

/** A form posted here (an old bookmark of a suffixed page) is sent to the page, not processed. */
export function action() {
  return redirect(REQUEST_PAGE, 303);
}
