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

/**
 * The draft writes of one session, one after the other: each waits for the one before it. Uploads
 * started together (JavaScript on, several slots chosen at once) each add their file to the draft;
 * read-add-write side by side would keep only the last one (issue 15).
 * In-process only: with several app replicas behind a balancer, the same session's requests may land
 * on different processes, and this needs the upstream to merge (an "add relation" call) or a lock
 * shared between the replicas.
 */
const draftWrites = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = draftWrites.get(key) ?? Promise.resolve();
  const result = before.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  draftWrites.set(key, settled);
  void settled.then(() => {
    if (draftWrites.get(key) === settled) draftWrites.delete(key);
  });
  return result;
}

/**
 * A change computed from the draft as stored now (read again, not this request's copy), saved before
 * any other change of the same session is read: for the writes that may run side by side (an upload
 * relating its file). `change` answers the keys to PATCH, or null to leave the draft as it is.
 */
export function updateDraft(
  ctx: RequestContext,
  change: (stored: DraftEntry) => Partial<DraftEntry> | null | Promise<Partial<DraftEntry> | null>,
): Promise<DraftEntry> {
  const key = ctx.session.credentials.sessionid ?? "anonymous";
  return serialised(key, async () => {
    drafts.delete(ctx);
    const stored = await loadDraft(ctx);
    const patch = await change(stored);
    return patch ? saveDraft(ctx, patch) : stored;
  });
}

export async function discardDraft(ctx: RequestContext): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { expect: "nothing" });
  drafts.delete(ctx);
}

/** GET /api/uploads/: the user's files that no entry holds yet. */
export function loadPendingFiles(ctx: RequestContext): Promise<PendingFile[]> {
  return ctx.client.call<PendingFile[]>("GET", "/api/uploads/", { expect: "array" });
}
