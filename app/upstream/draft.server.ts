// The draft entry (contract addition, docs/upstream-api/entries.md): each step saves its own keys (ARCHITECTURE §4).

import { z } from "zod";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { draftEntrySchema } from "~/domain/draft-schema";
import { oneAtATime } from "~/store/draft-lock.server";
import { personOf } from "./auth.server";
import { UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import { uploadedFileSchema } from "./uploads.server";

const drafts = new WeakMap<UpstreamCaller, Promise<DraftEntry>>();

/** GET /api/draft_entry/ (never 404: an empty draft when there is none), once per request. */
export function loadDraft(ctx: UpstreamCaller): Promise<DraftEntry> {
  let pending = drafts.get(ctx);
  if (!pending) {
    pending = ctx.client.call("GET", "/api/draft_entry/", { schema: draftEntrySchema });
    drafts.set(ctx, pending);
  }
  return pending;
}

export async function saveDraft(ctx: UpstreamCaller, patch: Partial<DraftEntry>): Promise<DraftEntry> {
  const saved = await ctx.client.call("PATCH", "/api/draft_entry/", {
    json: patch,
    schema: draftEntrySchema,
  });
  drafts.set(ctx, Promise.resolve(saved));
  return saved;
}

// Read again and saved under the person's lock, not the session's: uploads started together, from one
// login or two (two devices), each add their file to the draft (decision 0022).
export async function updateDraft(
  ctx: UpstreamCaller,
  change: (stored: DraftEntry) => Partial<DraftEntry> | null | Promise<Partial<DraftEntry> | null>,
): Promise<DraftEntry> {
  return oneAtATime(`draft:${await personOf(ctx)}`, async () => {
    drafts.delete(ctx);
    const stored = await loadDraft(ctx);
    const patch = await change(stored);
    return patch ? saveDraft(ctx, patch) : stored;
  });
}

export async function discardDraft(ctx: UpstreamCaller): Promise<void> {
  await ctx.client.call("DELETE", "/api/draft_entry/", { schema: UNREAD_ANSWER });
  drafts.delete(ctx);
}

export function loadPendingFiles(ctx: UpstreamCaller): Promise<PendingFile[]> {
  return ctx.client.call("GET", "/api/uploads/", { schema: z.array(uploadedFileSchema) });
}
