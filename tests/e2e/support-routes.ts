// The routes of the server build itself, so a spec that must cover every route covers a new one by
// itself (malformed-requests, cross-site-posts).

import path from "node:path";

interface BuildRoute {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
  module: { action?: unknown };
}

export interface ActionRoute {
  /** Remix's route id (what `?_data=` names). */
  id: string;
  /** Its URL: `:param` filled with digits, a splat with a word, `?index` for an index route. */
  url: string;
}

/** Every route with an action, sorted by URL. */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const build = (await import(path.resolve(process.env.SAKIDORI_BUILD_DIR || "build", "index.js"))) as {
    routes: Record<string, BuildRoute>;
  };
  const routes = build.routes;
  const fullPath = (route: BuildRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    if (own.startsWith("/")) return own;
    const base = parent ? fullPath(parent) : "";
    return own ? `${base.replace(/\/$/, "")}/${own}` : base;
  };
  return Object.values(routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => {
      const url = fullPath(route)
        .split("/")
        .map((segment) => (segment === "*" ? "word" : segment.startsWith(":") ? "12" : segment))
        .join("/");
      return { id: route.id, url: `${url.startsWith("/") ? url : `/${url}`}${route.index ? "?index" : ""}` };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** Every route with an action, as a URL. */
export async function actionUrls(): Promise<string[]> {
  return (await actionRoutes()).map((route) => route.url);
}
