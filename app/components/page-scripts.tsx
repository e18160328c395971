// Remix's <Scripts>, written after the page's load event so a usable page never waits for them
// (decisions 0015, 0026). Used instead of <Scripts>, never beside it.

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

/** Each preload costs a slow phone about 4 ms of main thread (decision 0026). */
export const PRELOADS_PER_TASK = 8;

/** On the load event: preload the page's modules a few per task, then run the module script. */
export function bootScript(nonce: string, preloads: readonly string[], moduleScript: string): string {
  return (
    `(function(){var p=${scriptSafeJson(preloads)},c=${scriptSafeJson(moduleScript)},i=0;` +
    `function go(){p.slice(i,i+=${PRELOADS_PER_TASK}).forEach(${PRELOAD});if(i<p.length){setTimeout(go);return}` +
    `var s=document.createElement('script');s.type='module';s.nonce=${scriptSafeJson(nonce)};s.textContent=c;document.body.appendChild(s)}` +
    "document.readyState==='complete'?go():addEventListener('load',go,{once:true})})()"
  );
}

/** Evaluates the modules one import per task, shared chunks first, then starts the client entry. */
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
  // Written on the server only: the hand-off exists only there (as with <Scripts>).
  const [scripts] = useState(() => {
    if (typeof document !== "undefined" || !remix) return null;
    const { manifest, serverHandoffString } = remix;
    const routes = matches.map((match) => manifest.routes[match.id]!);
    // The next pages' modules are fetched after hydration, never slowing it.
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
