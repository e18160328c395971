// §2 /profile/password/reset/recover/$: redirected to the one request form (its limits apply once);
// the query is dropped, so an address typed into a URL travels no further.

import { redirect } from "@remix-run/node";

const REQUEST_PAGE = "/profile/password/reset/recover";

export function loader() {
  return redirect(REQUEST_PAGE, 301);
}

/** A form posted here (an old bookmark of a suffixed page) is sent to the page, not processed. */
export function action() {
  return redirect(REQUEST_PAGE, 303);
}
