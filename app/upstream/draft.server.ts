// The draft entry on the upstream (contract addition, docs/upstream-api/entries.md): read once per
// page, and each step saves its own keys before moving on (ARCHITECTURE decision 4).

import { type DraftEntry, EMPTY_DRAFT, type PendingFile } from "~/domain/draft-entry";
import type { UpstreamContext } from "./context.server";

const drafts = new WeakMap<UpstreamContext, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(upstream: UpstreamContext): Promise<DraftEntry> {
  let pending = drafts.get(upstream);
  if (!pending) {
    pending = upstream.client
      .call<DraftEntry>("GET", "/api/draft_entry/")
      .then((draft) => ({ ...EMPTY_DRAFT, ...draft }));
    drafts.set(upstream, pending);
  }
  return pending;
}

/** PATCH /api/draft_entry/ with the keys one step owns; the others stay as stored. */
export async function saveDraft(upstream: UpstreamContext, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await upstream.client.call<DraftEntry>("PATCH", "/api/draft_entry/", { json: patch });
  const merged = { ...EMPTY_DRAFT, ...saved };
  drafts.set(upstream, Promise.resolve(merged));
  return merged;
}

export async function discardDraft(upstream: UpstreamContext): Promise<void> {
  await upstream.client.call("DELETE", "/api/draft_entry/", { expect: "nothing" });
  drafts.delete(upstream);
}

/** GET /api/uploads/: the user's files that no entry holds yet. */
export function loadPendingFiles(upstream: UpstreamContext): Promise<PendingFile[]> {
  return upstream.client.call<PendingFile[]>("GET", "/api/uploads/", { expect: "array" });
}
