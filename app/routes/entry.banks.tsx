// Bank and branch matches as JSON for the bank fields' combobox (decision 0013); refusals past the
// look-up limits (decision 0023). The directory stays on the server.

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { pickerMatches } from "~/lookup/bank-directory.server";
import { admitLookup } from "~/request/lookup-limit.server";

export async function loader({ context: ctx }: LoaderFunctionArgs) {
  const refused = await admitLookup(ctx);
  if (refused) return refused;
  const params = ctx.url.searchParams;
  const query = (params.get("q") ?? "").slice(0, 100);
  const bank = params.get("bank");
  const matches =
    bank === null ? pickerMatches("bank", query) : pickerMatches("branch", query, bank.slice(0, 100));
  // Cache-Control: private, no-store comes from the request gate, as for every answer that sets none.
  return json(matches);
}
