// The draft entry on the upstream (contract addition, docs/upstream-api/entries.md): read once per
// page, and each step saves its own keys before moving on (ARCHITECTURE decision 4).

import { type DraftEntry, EMPTY_DRAFT, type PendingFile } from "~/domain/draft-entry";
import type { RequestContext } from "~/request/context.server";

const drafts = new WeakMap<RequestContext, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(ctx: RequestContext): Promise<DraftEntry> {
  let pending = drafts.get(ctx);
  if (!pending) {
    pending = ctx.client
      .call<DraftEntry>("GET", "/api/draft_entry/")
      .then((draft) => ({ ...EMPTY_DRAFT, ...draft }));
    drafts.set(ctx, pending);
  }
  return pending;
}

/** PATCH /api/draft_entry/ with the keys one step owns; the others stay as stored. */
export async function saveDraft(ctx: RequestContext, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await ctx.client.call<DraftEntry>("PATCH", "/api/draft_entry/", { json: patch });
  const merged = { ...EMPTY_DRAFT, ...saved };
  drafts.set(ctx, Promise.resolve(merged));
  return merged;
}

export async function discardDraft(ctx: RequestContext): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { expect: "nothing" });
  drafts.delete(ctx);
}

/** GET /api/uploads/: the user's files that no entry holds yet. */
export function loadPendingFiles(ctx: RequestContext): Promise<PendingFile[]> {
  return ctx.client.call<PendingFile[]>("GET", "/api/uploads/", { expect: "array" });
}
