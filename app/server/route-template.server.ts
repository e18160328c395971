// The route template for log lines and metric labels: bounded, never the raw URL.

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
