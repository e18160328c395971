import type { RouteDefinition } from "../http/router";
export const entryRoutes: RouteDefinition[] = [];
