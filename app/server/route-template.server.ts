// The route template a request matched (`/entry/detail/:id`), for log lines and metric labels: a
// bounded set of values, never the raw URL with its ids and query.

import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

type Manifest = ServerBuild["routes"];

function routeTree(manifest: Manifest, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: routeTree(manifest, route.id) },
    );
}

/**
 * Segments whose %-escapes decode to no text become "_", matched as any other value: the router would
 * print the raw address on stderr for each, outside the JSON log, where a client could fill it.
 */
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

/** Answers the template of a path: the matched routes' paths joined, or the assets' folder. */
export function routeTemplates(build: Pick<ServerBuild, "routes" | "publicPath">): (path: string) => string {
  const tree = routeTree(build.routes);
  return (path) => {
    if (path.startsWith(build.publicPath)) return `${build.publicPath}*`;
    const matches = matchRoutes(tree, decodableSegments(path)) ?? [];
    const template = matches
      .map((match) => match.route.path)
      .filter((part): part is string => Boolean(part))
      .join("/");
    return matches.length === 0 ? "unmatched" : `/${template}`.replace(/\/{2,}/g, "/");
  };
}
