// A page loads scripts only when a route says a person gains something from them (decision 0015).

export interface PageScriptsHandle {
  scripts?: string;
  /** Next pages whose modules are fetched after this one loads, so moving on waits for none. */
  prefetch?: readonly string[];
}

export const hydrates = (reason: string, prefetch: readonly string[] = []): PageScriptsHandle => ({
  scripts: reason,
  prefetch,
});

export function pageHasScripts(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as PageScriptsHandle | undefined;
    return typeof handle?.scripts === "string" && handle.scripts.length > 0;
  });
}

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
