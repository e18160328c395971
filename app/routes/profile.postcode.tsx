// Postcode → prefecture and city as the 7th digit is typed (JavaScript only; the profile pages'
// 「住所を検索」 does the same without it): GET /profile/postcode?zipcode=… answers PostcodeAnswer as
// JSON, from the postcode data on the server (decision 0012); past the look-up limits, 429 with
// Retry-After and a LookupRefusal (decision 0023). A resource route: no page.

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { lookUpPostcode } from "~/lookup/postcode.server";
import { withRequestContext } from "~/request/context.server";
import { admitLookup } from "~/request/lookup-limit.server";

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    // The profile pages' helper: for people logged in, as the pages are.
    const refused = await admitLookup(ctx);
    if (refused) return refused;
    const answer = lookUpPostcode(ctx.url.searchParams.get("zipcode"));
    // 404: a postcode with no address; 400: not a postcode. The body says which, with the message.
    const status = answer.found ? 200 : answer.problem === "notFound" ? 404 : 400;
    // Cache-Control: private, no-store comes from the request gate, as for every answer that sets none.
    return json(answer, { status });
  });
}
