// What My page reads from the upstream besides the user: §7 GET /api/entries/ and the delay and
// permission settings (contract addition GET /api/entry_permission/).

import type { RequestContext } from "~/request/context.server";

/** §3 Entry and Claim: only the fields My page reads. */
export interface EntryListItem {
  id: number;
  code: string;
  status: number;
  purchase_amount_desired: string | number | null;
  created_at: string;
  claims: { status: number }[];
}

/** §7 GET /api/entries/: the user's entries, newest first. */
export async function listEntries(ctx: RequestContext): Promise<EntryListItem[]> {
  return ctx.client.call<EntryListItem[]>("GET", "/api/entries/", { expect: "array" });
}

export interface EntryPermission {
  has_delay_claim: boolean;
  /** §9 default true. */
  has_entry_permission_when_delayed: boolean;
  can_edit_bank_account: boolean;
}

/** GET /api/entry_permission/ (§7 "A later fetch of delay or permission settings: path not shown"). */
export async function loadEntryPermission(ctx: RequestContext): Promise<EntryPermission> {
  const permission = await ctx.client.call<Partial<EntryPermission> | undefined>(
    "GET",
    "/api/entry_permission/",
  );
  return {
    has_delay_claim: permission?.has_delay_claim === true,
    has_entry_permission_when_delayed: permission?.has_entry_permission_when_delayed !== false,
    can_edit_bank_account: permission?.can_edit_bank_account === true,
  };
}
