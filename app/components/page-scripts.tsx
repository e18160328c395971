// The browser runtime of a page that hydrates (app/routing/page-scripts.ts), started once the page has
// loaded: Remix's <Scripts> would have the browser fetch React, Remix and the route modules together
// with the page, so on a 128 kbps line the person waits seconds for a page they could already use
// (every form works without scripts). Here the page is shown and usable first; the scripts are
// fetched after its load event, all in parallel (module preloads, no import waterfall), and then
// hydrate. Decision 0015 records the figures and what this relies on in Remix v2; 0026 why the boot's
// work is cut into short tasks (a slow phone's main thread).
//
// It writes what <Scripts> writes (Remix 2.17: the server's hand-off in window.__remixContext, the
// route modules in window.__remixRouteModules, then the client entry), only later. Used instead of
// <Scripts>, never beside it.

import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";
import { pagesToPrefetch, routesOfPath } from "~/routing/page-scripts";

/** JSON that may stand inside an inline <script> (no "</script>", no "<!--"). */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Adds a module preload for the URL it is given (a forEach callback, in the scripts below). */
const PRELOAD =
  "function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)}";

/**
 * Preloads added per task: starting a request costs the main thread about 4 ms on a phone with a slow
 * CPU, so the page's thirty-odd preloads in one go were a 130 ms task (decision 0026).
 */
export const PRELOADS_PER_TASK = 8;

/**
 * The boot script: on the load event (or at once when it has passed), preload every module the page
 * needs in parallel, a few per task, then run the module script that imports them and starts the
 * client entry.
 */
export function bootScript(nonce: string, preloads: readonly string[], moduleScript: string): string {
  return (
    `(function(){var p=${scriptSafeJson(preloads)},c=${scriptSafeJson(moduleScript)},i=0;` +
    `function go(){p.slice(i,i+=${PRELOADS_PER_TASK}).forEach(${PRELOAD});if(i<p.length){setTimeout(go);return}` +
    `var s=document.createElement('script');s.type='module';s.nonce=${scriptSafeJson(nonce)};s.textContent=c;document.body.appendChild(s)}` +
    "document.readyState==='complete'?go():addEventListener('load',go,{once:true})})()"
  );
}

/**
 * The module script: evaluates the page's modules one import at a time, a task each (the whole graph
 * at once was one 130 ms task on a slow phone), then starts the client entry and preloads `later`.
 * Shared chunks first, so a route module's own evaluation is small.
 */
export function moduleScript(
  order: readonly { file: string; routeId?: string }[],
  entry: string,
  later: readonly string[],
): string {
  return [
    `const modules = {};`,
    `for (const { file, routeId } of ${JSON.stringify(order)}) {`,
    `  const module = await import(file);`,
    `  if (routeId) modules[routeId] = module;`,
    `  await new Promise((resolve) => setTimeout(resolve));`,
    `}`,
    `window.__remixRouteModules = modules;`,
    `await import(${JSON.stringify(entry)});`,
    `${JSON.stringify(later)}.forEach(${PRELOAD});`,
  ].join("\n");
}

export function PageScripts({ nonce }: { nonce: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  // Written once, on the server: in the browser the elements are already there and keep their text
  // (as <Scripts> does; the hand-off exists only on the server).
  const [scripts] = useState(() => {
    if (typeof document !== "undefined" || !remix) return null;
    const { manifest, serverHandoffString } = remix;
    const routes = matches.map((match) => manifest.routes[match.id]!);
    // The pages this one leads to: their route modules are fetched once the page's own have run, so
    // they never slow its hydration on a slow line, and wait in the module map for the next step.
    const ahead = pagesToPrefetch(matches)
      .flatMap((page) => routesOfPath(manifest.routes, page))
      .map((id) => manifest.routes[id]!);
    const own = new Set([
      manifest.url,
      manifest.entry.module,
      ...manifest.entry.imports,
      ...routes.flatMap((route) => [...(route.imports ?? []), route.module]),
    ]);
    const later = [...new Set(ahead.flatMap((route) => [...(route.imports ?? []), route.module]))].filter(
      (file) => !own.has(file),
    );
    const chunks = [
      ...new Set([...manifest.entry.imports, ...routes.flatMap((route) => route.imports ?? [])]),
    ];
    const order = [
      { file: manifest.url },
      ...chunks.map((file) => ({ file })),
      ...routes.map((route) => ({ file: route.module, routeId: route.id })),
    ];
    return {
      handoff: `window.__remixContext = ${serverHandoffString};`,
      boot: bootScript(nonce, [...own], moduleScript(order, manifest.entry.module, later)),
    };
  });
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scripts?.handoff ?? " " }}
      />
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scripts?.boot ?? " " }}
      />
    </>
  );
}
