import type { RouteDefinition } from "../http/router";
export const houjinbangouRoutes: RouteDefinition[] = [];
