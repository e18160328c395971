import type { LoaderFunctionArgs } from "@remix-run/node";
import { japanDate } from "~/domain/japan-date";
import type { RequestContext } from "~/request/context.server";
import { requireUser } from "~/request/guards.server";
import { digitsParam } from "~/request/route-params.server";
import { loadEntry } from "~/upstream/entries.server";
import { payoutAccount } from "./bank-directory.server";
import { returnDateCalendar } from "./japan-holidays.server";

export async function loadOwnEntry(ctx: RequestContext, params: LoaderFunctionArgs["params"]) {
  // §2 "Route validation failure shows page not found", before anything else.
  const id = digitsParam(params.entryId);
  const user = await requireUser(ctx);
  const entry = await loadEntry(ctx, id);
  const today = japanDate(ctx.now);
  const calendar = returnDateCalendar(entry.claims, today, entry.contracted_at);
  return { user, entry, today, calendar, payoutAccount: payoutAccount(entry.bank_account) };
}
