// §7 entries: list, create, detail, review (resubmission), contract, cancel. Only the owner's
// entries exist for a user: another user's id answers 404 (docs/upstream-api/entries.md).

import { createEntry } from "../entries/create-entry";
import { sendEntryMail } from "../entries/entry-mails";
import { entriesOfUser, requireOwnEntry } from "../entries/rows";
import { serializeEntry } from "../entries/serialize";
import { cancelEntry, contractEntry, resubmitEntry } from "../entries/transitions";
import { idParam } from "../http/context";
import type { RouteDefinition } from "../http/router";

export const entryRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/api/entries/",
    handler: (ctx) => {
      const user = ctx.requireUser();
      return {
        status: 200,
        body: entriesOfUser(ctx.db, user.id).map((entry) => serializeEntry(ctx.db, entry)),
      };
    },
  },
  {
    method: "POST",
    path: "/api/entries/",
    handler: async (ctx) => {
      const user = ctx.requireUser();
      const body = await ctx.readJson();
      const outcome = createEntry(ctx.db, user, body, ctx.now);
      // A replay of the same idempotency key answers 200 with the entry the first call created.
      if (outcome.created) sendEntryMail(ctx.db, ctx.config, outcome.entry.id, "received", ctx.now);
      return { status: outcome.created ? 201 : 200, body: serializeEntry(ctx.db, outcome.entry) };
    },
  },
  {
    method: "GET",
    path: "/api/entries/:id/",
    handler: (ctx) => {
      const user = ctx.requireUser();
      return { status: 200, body: serializeEntry(ctx.db, requireOwnEntry(ctx.db, user.id, idParam(ctx))) };
    },
  },
  {
    method: "POST",
    path: "/api/entries/:id/review/",
    handler: async (ctx) => {
      const user = ctx.requireUser();
      requireOwnEntry(ctx.db, user.id, idParam(ctx));
      const body = await ctx.readJson();
      // Only an inadequate entry may be resubmitted, so a second post is refused, or answered with the
      // first answer when it replays its key, and mails nothing.
      const outcome = resubmitEntry(ctx.db, user, idParam(ctx), body, ctx.now);
      if (!outcome.replayed) sendEntryMail(ctx.db, ctx.config, idParam(ctx), "resubmitted", ctx.now);
      return { status: 200, body: outcome.answer };
    },
  },
  {
    method: "POST",
    path: "/api/entries/:id/contract/",
    handler: async (ctx) => {
      const user = ctx.requireUser();
      requireOwnEntry(ctx.db, user.id, idParam(ctx));
      const body = await ctx.readJson();
      // A replayed agreement is refused by contractEntry, so the receipt goes once.
      const entry = contractEntry(ctx.db, user, idParam(ctx), body, ctx.now);
      sendEntryMail(ctx.db, ctx.config, entry.id, "contracted", ctx.now);
      return { status: 200, body: serializeEntry(ctx.db, entry) };
    },
  },
  {
    method: "POST",
    path: "/api/entries/:id/cancel/",
    handler: (ctx) => {
      const user = ctx.requireUser();
      // §7 "no body": whatever is sent is not read.
      const entry = cancelEntry(ctx.db, user, idParam(ctx), ctx.now);
      sendEntryMail(ctx.db, ctx.config, entry.id, "cancelled", ctx.now);
      return { status: 200, body: serializeEntry(ctx.db, entry) };
    },
  },
];
