// Corporate-number suggestions as JSON for the combobox (§7 GET /api/ext/houjinbangou/); refusals
// past the look-up limits (decision 0023) and for an ended session (decision 0027).

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { admitLookup, sessionEndedLookup } from "~/request/lookup-limit.server";
import { endsUpstreamSession } from "~/upstream/errors.server";
import { suggestCorporations } from "~/upstream/houjinbangou.server";

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const refused = await admitLookup(ctx);
  if (refused) return refused;
  let results;
  try {
    results = await suggestCorporations(ctx, ctx.url.searchParams.get("name") ?? "");
  } catch (error) {
    // The upstream's session ended: words for the field, never a redirect taking the page away.
    if (endsUpstreamSession(error)) return sessionEndedLookup(ctx);
    throw error;
  }
  // Cache-Control: private, no-store comes from the request gate, as for every answer that sets none.
  return json(results);
}
