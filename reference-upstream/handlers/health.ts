// GET /api/health/: answers once the database is open; `npm start` waits for it.

import type { RouteDefinition } from "../http/router";

export const healthRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/api/health/",
    auth: "optional",
    handler: (ctx) => ({ status: 200, body: { status: "ok", version: ctx.config.version } }),
  },
];
