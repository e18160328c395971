// Postcode → prefecture and city as JSON for the postcode field (decision 0012); refusals past the
// look-up limits (decision 0023).

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { lookUpPostcode } from "~/lookup/postcode.server";
import { admitLookup } from "~/request/lookup-limit.server";

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  // The profile pages' helper: for people logged in, as the pages are.
  const refused = await admitLookup(ctx);
  if (refused) return refused;
  const answer = lookUpPostcode(ctx.url.searchParams.get("zipcode"));
  // 404: a postcode with no address; 400: not a postcode. The body says which, with the message.
  const status = answer.found ? 200 : answer.problem === "notFound" ? 404 : 400;
  // Cache-Control: private, no-store comes from the request gate, as for every answer that sets none.
  return json(answer, { status });
}
