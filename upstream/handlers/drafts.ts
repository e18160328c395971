import type { RouteDefinition } from "../http/router";
export const draftRoutes: RouteDefinition[] = [];
