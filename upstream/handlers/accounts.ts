import type { RouteDefinition } from "../http/router";
export const accountRoutes: RouteDefinition[] = [];
