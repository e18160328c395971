// The draft entry (contract addition, §3 Draft entry; ARCHITECTURE §4): one per user, kept
// across logouts, read whole, saved a step at a time, discarded (docs/upstream-api/entries.md).

import { deleteDraft, readDraft, saveDraft } from "../entries/draft";
import type { RouteDefinition } from "../http/router";

export const draftRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/api/draft_entry/",
    handler: (ctx) => ({ status: 200, body: readDraft(ctx.db, ctx.requireUser().id) }),
  },
  {
    method: "PATCH",
    path: "/api/draft_entry/",
    handler: async (ctx) => {
      const user = ctx.requireUser();
      const body = await ctx.readJson();
      return { status: 200, body: saveDraft(ctx.db, user.id, body, ctx.now) };
    },
  },
  {
    method: "DELETE",
    path: "/api/draft_entry/",
    handler: (ctx) => {
      deleteDraft(ctx.db, ctx.requireUser().id);
      return { status: 204 };
    },
  },
];
