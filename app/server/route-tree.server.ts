// Which of the build's routes an address matches, as Remix's router matches them: what the log's
// route template and the methods an address takes are read from.

import { type AgnosticRouteMatch, type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

type Manifest = ServerBuild["routes"];

export type RouteMatch = AgnosticRouteMatch<string, AgnosticRouteObject>;

function routeTree(manifest: Manifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: routeTree(manifest, route.id) },
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

/** The routes a path matches, root first; empty when none does. */
export function routeMatcher(routes: Manifest): (path: string) => RouteMatch[] {
  const tree = routeTree(routes);
  return (path) => matchRoutes(tree, decodableSegments(path)) ?? [];
}
