import type { RouteDefinition } from "../http/router";
export const uploadRoutes: RouteDefinition[] = [];
