// Corporate-number suggestions as you type (JavaScript only; the invoice step's search button does the
// same without it): GET /entry/houjinbangou?name=… answers the upstream's §7 GET
// /api/ext/houjinbangou/ as JSON [{name, houjinbangou, address}]. A resource route: no page.

import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { withUpstream } from "~/upstream/context.server";
import { requireUser } from "~/upstream/guards.server";
import { suggestCorporations } from "./_entry.entry_.entry_invoice/step.server";

export function loader(args: LoaderFunctionArgs) {
  return withUpstream(args, async (upstream) => {
    await requireUser(upstream);
    const results = await suggestCorporations(upstream, upstream.url.searchParams.get("name") ?? "");
    return json(results, { headers: { "Cache-Control": "private, no-store" } });
  });
}
