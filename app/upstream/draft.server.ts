// The draft entry on the upstream (contract addition, docs/upstream-api/entries.md): read once per
// page, and each step saves its own keys before moving on (ARCHITECTURE §4); and the user's
// files no entry holds yet, which the steps list beside it.

import { z } from "zod";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { draftEntrySchema } from "~/domain/draft-schema";
import type { RequestContext } from "~/request/context.server";
import { oneAtATime } from "~/store/session-lock.server";
import { UNREAD_ANSWER } from "./client.server";
import { uploadedFileSchema } from "./uploads.server";

const drafts = new WeakMap<RequestContext, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(ctx: RequestContext): Promise<DraftEntry> {
  let pending = drafts.get(ctx);
  if (!pending) {
    pending = ctx.client.call("GET", "/api/draft_entry/", { schema: draftEntrySchema });
    drafts.set(ctx, pending);
  }
  return pending;
}

/** PATCH /api/draft_entry/ with the keys one step owns; the others stay as stored. */
export async function saveDraft(ctx: RequestContext, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await ctx.client.call("PATCH", "/api/draft_entry/", {
    json: patch,
    schema: draftEntrySchema,
  });
  drafts.set(ctx, Promise.resolve(saved));
  return saved;
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
  // Uploads started together each add their file to the draft (app/store/session-lock.server.ts).
  return oneAtATime(`draft:${key}`, async () => {
    drafts.delete(ctx);
    const stored = await loadDraft(ctx);
    const patch = await change(stored);
    return patch ? saveDraft(ctx, patch) : stored;
  });
}

export async function discardDraft(ctx: RequestContext): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { schema: UNREAD_ANSWER });
  drafts.delete(ctx);
}

/** GET /api/uploads/: the user's files that no entry holds yet. */
export function loadPendingFiles(ctx: RequestContext): Promise<PendingFile[]> {
  return ctx.client.call("GET", "/api/uploads/", { schema: z.array(uploadedFileSchema) });
}
