// The route template for log lines and metric labels: bounded, never the raw URL.

import { type AppBuild, routeMatcher } from "./remix-internals.server";

export function routeTemplates(build: Pick<AppBuild, "routes" | "publicPath">): (path: string) => string {
  const matchesOf = routeMatcher(build.routes);
  return (path) => {
    if (path.startsWith(build.publicPath)) return `${build.publicPath}*`;
    const matches = matchesOf(path);
    const template = matches
      .map((match) => match.route.path)
      .filter((part): part is string => Boolean(part))
      .join("/");
    return matches.length === 0 ? "unmatched" : `/${template}`.replace(/\/{2,}/g, "/");
  };
}
