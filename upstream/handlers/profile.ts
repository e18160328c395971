import type { RouteDefinition } from "../http/router";
export const profileRoutes: RouteDefinition[] = [];
