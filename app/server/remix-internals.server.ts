// The Remix v2 internals the server relies on: the build, its route table matched and rewritten; the
// browser-safe ones are in app/runtime/remix-internals.ts (docs/ARCHITECTURE.md "Remix internals").

import { type AgnosticRouteMatch, type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { type ServerBuild, broadcastDevReady, installGlobals } from "@remix-run/node";

/** What `remix build` wrote for the server: the routes, the client's assets, the public path. */
export type AppBuild = ServerBuild;

/** The build's routes by id: each one's parent, path and module (its loader, action, component). */
export type RouteTable = ServerBuild["routes"];

export type RouteModule = RouteTable[string]["module"];

export type RouteMatch = AgnosticRouteMatch<string, AgnosticRouteObject>;

function routeTree(routes: RouteTable, parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: routeTree(routes, route.id) },
    );
}

/** Undecodable segments become "_": the router would print the raw address on stderr, outside the log. */
function decodableSegments(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return "_";
      }
    })
    .join("/");
}

/** The routes a path matches, root first, as Remix's router matches them; empty when none does. */
export function routeMatcher(routes: RouteTable): (path: string) => RouteMatch[] {
  const tree = routeTree(routes);
  return (path) => matchRoutes(tree, decodableSegments(path)) ?? [];
}

/** A resource route: one with no component, whose loader or action answers the request itself. */
export function isResourceRoute(module: RouteModule): boolean {
  return module.default === undefined && module.ErrorBoundary === undefined;
}

/** The table with each route's module rewritten by `rewrite` (the build's own table is left as it is). */
export function withRouteModules(
  routes: RouteTable,
  rewrite: (module: RouteModule, id: string) => RouteModule,
): RouteTable {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { ...route, module: rewrite(route.module, id) }]),
  );
}

/** Node's fetch, Request and Response as the build's runtime expects them. */
export function installServerGlobals(build: AppBuild): void {
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
}

/** Tells `remix dev` this build is served (development only). */
export function announceDevReady(build: AppBuild): void {
  void broadcastDevReady(build);
}
