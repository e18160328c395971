// §7 GET /api/system_settings/supress_entries/ (the §3 System suppression setting; "supress" is the
// API's own spelling) and the delay / permission settings §7 fetches from a path it does not show
// (contract addition: GET /api/entry_permission/).

import { ClaimStatus } from "../../app/domain/statuses";
import type { RequestContext } from "../http/context";
import type { Reply, RouteDefinition } from "../http/router";
import { parseJson } from "../users";

interface SuppressionSetting {
  method: string;
  segment: string;
  message: string;
}

function suppressEntries(ctx: RequestContext): Reply {
  const row = ctx.db.prepare("SELECT value FROM system_settings WHERE key = 'supress_entries'").get() as
    { value: string } | undefined;
  const stored = parseJson<Partial<SuppressionSetting>>(row?.value ?? null, {});
  return {
    status: 200,
    body: {
      method: typeof stored.method === "string" ? stored.method : "none",
      segment: typeof stored.segment === "string" ? stored.segment : "",
      message: typeof stored.message === "string" ? stored.message : "",
    },
  };
}

/** §4 "Delay claims block entry unless has_entry_permission_when_delayed is set"; §6 bank account editing. */
function entryPermission(ctx: RequestContext): Reply {
  const user = ctx.requireUser();
  const delayed = ctx.db
    .prepare(
      `SELECT 1 FROM claims JOIN entries ON entries.id = claims.entry_id
       WHERE entries.user_id = ? AND claims.status = ? LIMIT 1`,
    )
    .get(user.id, ClaimStatus.delay);
  return {
    status: 200,
    body: {
      has_delay_claim: delayed !== undefined,
      has_entry_permission_when_delayed: user.has_entry_permission_when_delayed === 1,
      can_edit_bank_account: user.can_edit_bank_account === 1,
    },
  };
}

export const settingsRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/api/system_settings/supress_entries/",
    auth: "optional",
    handler: suppressEntries,
  },
  { method: "GET", path: "/api/entry_permission/", handler: entryPermission },
];
