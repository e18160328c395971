// Bank and branch matches as you type (JavaScript only; each field's 「検索」 button does the same
// without it, decision 0013): GET /entry/banks?q=… answers the banks of the Zengin directory,
// GET /entry/banks?bank=<bank name>&q=… the branches of that bank, as JSON [{code, name, kana}];
// past the look-up limits, 429 with Retry-After and a LookupRefusal (decision 0023). A resource route:
// no page. The directory stays on the server.

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { pickerMatches } from "~/lookup/bank-directory.server";
import { withRequestContext } from "~/request/context.server";
import { admitLookup } from "~/request/lookup-limit.server";

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const refused = await admitLookup(ctx);
    if (refused) return refused;
    const params = ctx.url.searchParams;
    const query = (params.get("q") ?? "").slice(0, 100);
    const bank = params.get("bank");
    const matches =
      bank === null ? pickerMatches("bank", query) : pickerMatches("branch", query, bank.slice(0, 100));
    // Cache-Control: private, no-store comes from the request gate, as for every answer that sets none.
    return json(matches);
  });
}
