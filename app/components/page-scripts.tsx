// Remix's <Scripts>, after the page's load event (decisions 0015, 0026), used instead of it; and the
// files of a page to come, fetched ahead by a page without scripts (decision 0038).

import { useMatches } from "@remix-run/react";
import { useState } from "react";
import { useNonce } from "~/components/nonce";
import { pagesToPrefetch, routesOfPath } from "~/routing/page-scripts";
import {
  pageScriptFiles,
  routeFiles,
  routeModulesHandoff,
  serverHandoffScript,
  useRemixBuild,
} from "~/runtime/remix-internals";

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
  // A message to itself yields a task without the 4 ms a chain of timers is held back by after five.
  return [
    `const modules = {};`,
    `const channel = new MessageChannel();`,
    `const nextTask = () => new Promise((resolve) => { channel.port1.onmessage = resolve; channel.port2.postMessage(0); });`,
    `for (const { file, routeId } of ${JSON.stringify(order)}) {`,
    `  const module = await import(file);`,
    `  if (routeId) modules[routeId] = module;`,
    `  await nextTask();`,
    `}`,
    routeModulesHandoff("modules"),
    `await import(${JSON.stringify(entry)});`,
    `${JSON.stringify(later)}.forEach(${PRELOAD});`,
  ].join("\n");
}

export function PageScripts({ nonce }: { nonce: string }) {
  const remix = useRemixBuild();
  const matches = useMatches();
  // Written on the server only: the hand-off exists only there (as with <Scripts>).
  const [scripts] = useState(() => {
    if (typeof document !== "undefined" || !remix) return null;
    const { manifest, serverHandoffString } = remix;
    const { own, order, entry } = pageScriptFiles(
      manifest,
      matches.map((match) => match.id),
    );
    // The next pages' modules are fetched after hydration, never slowing it.
    const ahead = pagesToPrefetch(matches).flatMap((page) => routesOfPath(manifest.routes, page));
    const later = routeFiles(manifest, ahead).filter((file) => !own.includes(file));
    return {
      handoff: serverHandoffScript(serverHandoffString),
      boot: bootScript(nonce, own, moduleScript(order, entry, later)),
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

/**
 * After the load event, at idle and a few per idle callback, fetches these files into the HTTP cache at
 * the lowest priority (a prefetch link, or a low-priority fetch where the browser has no prefetch, as
 * WebKit); nothing when the browser asks to save data.
 */
export function fetchAheadScript(files: readonly string[]): string {
  return (
    `(function(){var f=${scriptSafeJson(files)},c=navigator.connection;if(c&&c.saveData)return;` +
    "var t=document.createElement('link').relList,p=t&&t.supports&&t.supports('prefetch');" +
    "function add(h){if(!p){fetch(h,{priority:'low'}).then(function(r){return r.arrayBuffer()}).catch(function(){});return}" +
    "var l=document.createElement('link');l.rel='prefetch';l.href=h;document.head.appendChild(l)}" +
    "function idle(){window.requestIdleCallback?requestIdleCallback(go):setTimeout(go,50)}" +
    `function go(){f.splice(0,${PRELOADS_PER_TASK}).forEach(add);if(f.length)idle()}` +
    "document.readyState==='complete'?idle():addEventListener('load',idle,{once:true})})()"
  );
}

/** The stylesheets the routes of a page link (their `links`), as the page's <Links /> writes them. */
export function pageStylesheets(
  routeModules: Readonly<Record<string, { links?: () => readonly unknown[] } | undefined>>,
  routeIds: readonly string[],
): string[] {
  const links = routeIds.flatMap((id) => routeModules[id]?.links?.() ?? []) as {
    rel?: string;
    href?: string;
  }[];
  return [
    ...new Set(links.filter((link) => link.rel === "stylesheet" && link.href).map((link) => link.href!)),
  ];
}

/**
 * On a page without scripts, the files of the page at `path` beyond its HTML (the scripts PageScripts
 * would load there, and its stylesheets) fetched ahead at idle, so that page is warm when opened
 * (decision 0038).
 */
export function FetchPageFilesAhead({ path }: { path: string }) {
  const nonce = useNonce();
  const remix = useRemixBuild();
  const matches = useMatches();
  const [script] = useState(() => {
    if (typeof document !== "undefined" || !remix) return null;
    const routeIds = routesOfPath(remix.manifest.routes, path);
    const { own } = pageScriptFiles(remix.manifest, routeIds);
    // This page's own stylesheets (the frame's) are loaded already.
    const here = pageStylesheets(
      remix.routeModules,
      matches.map((match) => match.id),
    );
    const stylesheets = pageStylesheets(remix.routeModules, routeIds).filter((href) => !here.includes(href));
    return fetchAheadScript([...stylesheets, ...own]);
  });
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script ?? " " }} />
  );
}
