// ARCHITECTURE §15 and docs/decisions/0015: a page loads the browser runtime (React, Remix,
// its route modules) only when one of its routes says it gains something a person feels from it:
// upload progress, suggestions as you type, the unsaved-changes warning, figures that follow the
// typing. Every other page ships no script file; every form works without one.

/** What a route module's `handle` may say about scripts. */
export interface PageScriptsHandle {
  /** Why this route hydrates, in a few words (read by people, and by the bench's table). */
  scripts?: string;
  /**
   * The pages a person goes on to from here (a wizard's next step): their modules are fetched with
   * this page's, after it loaded, so moving on waits for no module (decision 0015).
   */
  prefetch?: readonly string[];
}

/** The `handle` of a route that hydrates, with the reason and the pages it leads to. */
export const hydrates = (reason: string, prefetch: readonly string[] = []): PageScriptsHandle => ({
  scripts: reason,
  prefetch,
});

/** Whether any of the page's routes hydrates (the root then renders the scripts). */
export function pageHasScripts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as PageScriptsHandle | undefined;
    return typeof handle?.scripts === "string" && handle.scripts.length > 0;
  });
}

/** The pages the page's routes lead to (their `prefetch`), once each. */
export function pagesToPrefetch(matches: readonly { handle?: unknown }[]): string[] {
  return [
    ...new Set(matches.flatMap((match) => (match.handle as PageScriptsHandle | undefined)?.prefetch ?? [])),
  ];
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/**
 * The routes, root first, that render a page with a path of no parameters (as a wizard step's), from
 * Remix's manifest; none when no route has that path.
 */
export function routesOfPath(routes: Readonly<Record<string, ManifestRoute>>, pathname: string): string[] {
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const base = parent ? fullPath(parent) : "";
    return own ? `${base.replace(/\/$/, "")}/${own}` : base;
  };
  const wanted = pathname.replace(/\/$/, "") || "/";
  const hasChildren = (id: string) => Object.values(routes).some((route) => route.parentId === id);
  const leaf = Object.values(routes).find(
    (route) => (route.path || route.index) && !hasChildren(route.id) && (fullPath(route) || "/") === wanted,
  );
  const chain: string[] = [];
  for (let route = leaf; route; route = route.parentId ? routes[route.parentId] : undefined)
    chain.unshift(route.id);
  return chain;
}
