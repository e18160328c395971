// The Remix v2 internals the app relies on, the browser-safe ones; the server's are in
// app/server/remix-internals.server.ts (docs/ARCHITECTURE.md "Remix internals": React Router 7's changes).

import { UNSAFE_RemixContext } from "@remix-run/react";
import { type ContextType, useContext } from "react";

const DATA_PARAMETER = "_data";

/** The parameters the router adds to a page's address: the route whose data is asked, an index's post. */
export const ROUTER_PARAMETERS: readonly string[] = ["index", DATA_PARAMETER];

export function routeDataUrl(href: string | URL, routeId: string): string {
  const url = new URL(href, "http://any.invalid");
  url.searchParams.set(DATA_PARAMETER, routeId);
  return typeof href === "string" && href.startsWith("/") ? `${url.pathname}${url.search}` : url.toString();
}

export function routeAskedBy(search: URLSearchParams): string | null {
  return search.get(DATA_PARAMETER);
}

/** A route's id: its file under app/routes without the extension, as the compiler names it. */
export const routeIdOf = (file: string) => `routes/${file}`;

export const DATA_ERROR_HEADER = "X-Remix-Error";
export const DATA_CATCH_HEADER = "X-Remix-Catch";

type RemixContext = NonNullable<ContextType<typeof UNSAFE_RemixContext>>;
export type BuildManifest = RemixContext["manifest"];

/** A page's scripts as it hydrates: every file (`own`), the boot's order of imports, the client entry last. */
export function pageScriptFiles(manifest: BuildManifest, routeIds: readonly string[]) {
  const routes = routeIds.map((id) => manifest.routes[id]!);
  const own = [
    ...new Set([
      manifest.url,
      manifest.entry.module,
      ...manifest.entry.imports,
      ...routes.flatMap((route) => [...(route.imports ?? []), route.module]),
    ]),
  ];
  const chunks = [...new Set([...manifest.entry.imports, ...routes.flatMap((route) => route.imports ?? [])])];
  const order = [
    { file: manifest.url },
    ...chunks.map((file) => ({ file })),
    ...routes.map((route) => ({ file: route.module, routeId: route.id })),
  ];
  return { own, order, entry: manifest.entry.module };
}

export function routeFiles(manifest: BuildManifest, routeIds: readonly string[]): string[] {
  const routes = routeIds.map((id) => manifest.routes[id]!);
  return [...new Set(routes.flatMap((route) => [...(route.imports ?? []), route.module]))];
}

export function useRemixBuild():
  Pick<RemixContext, "manifest" | "routeModules" | "serverHandoffString"> | undefined {
  return useContext(UNSAFE_RemixContext);
}

/** The hand-offs to the client entry <Scripts> would write: the server's state, the imported route modules. */
export const serverHandoffScript = (handoff: string | undefined) => `window.__remixContext = ${handoff};`;

export const routeModulesHandoff = (modules: string) => `window.__remixRouteModules = ${modules};`;

export type BrowserRouter = typeof window.__remixRouter;
export const browserRouter = (): BrowserRouter => window.__remixRouter;

export const pageBuildVersion = (): string => window.__remixManifest.version;
