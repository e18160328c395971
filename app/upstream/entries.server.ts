// §7 POST /api/entries/: the submit of the wizard.

import type { EntryBody } from "~/domain/entry-body";
import type { RequestContext } from "~/request/context.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";

/** The created entry, as far as the app reads it. */
export interface CreatedEntry {
  id: number;
  code?: string;
}

/**
 * Creates the entry once. When the answer is lost, the lookup replays the same body with the same
 * idempotency_key: docs/upstream-api/entries.md, "a replay with an idempotency_key the same user already
 * used answers 200 with that entry, unchanged" (answered before validation, so the files the first call
 * attached do not fail it). A replay rather than GET /api/entries/: the list does not carry the key
 * (matching on amount and time would guess), and when the first request never reached the upstream the
 * replay makes the entry, still exactly once.
 */
export function submitEntry(ctx: RequestContext, body: EntryBody): Promise<CreatedEntry> {
  const post = (options = {}) =>
    ctx.client.call<CreatedEntry>("POST", "/api/entries/", { json: body, ...options });
  return writeOnce(
    () => post(),
    () => post(LOST_ANSWER_LOOKUP),
  );
}
