// The Remix v2 internals the server relies on: the build, its route table matched and rewritten; the
// browser-safe ones are in app/runtime/remix-internals.ts (docs/ARCHITECTURE.md "Remix internals").

import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { type AgnosticRouteMatch, type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import {
  type AppLoadContext,
  type ServerBuild,
  broadcastDevReady,
  createRequestHandler,
  installGlobals,
} from "@remix-run/node";

export type AppBuild = ServerBuild;
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

export const withRoutes = (build: AppBuild, routes: RouteTable): AppBuild => ({ ...build, routes });

export type RenderRequest = (request: Request, context: AppLoadContext) => Promise<Response>;
export const requestHandler = (build: AppBuild, mode: string | undefined): RenderRequest =>
  createRequestHandler(build, mode);

export const fetchRequestOf = createRemixRequest;
export const sendFetchResponse = sendRemixResponse;

/** The table with each route's module rewritten by `rewrite` (the build's own table is left as it is). */
export function withRouteModules(
  routes: RouteTable,
  rewrite: (module: RouteModule, id: string) => RouteModule,
): RouteTable {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => [id, { ...route, module: rewrite(route.module, id) }]),
  );
}

export function installServerGlobals(build: AppBuild): void {
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
}

export function announceDevReady(build: AppBuild): void {
  void broadcastDevReady(build);
}
