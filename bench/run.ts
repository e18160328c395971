// `npm run bench`: size and speed figures for the built app, printed, never asserted (the machine is
// shared and noisy). Per page, rendered by the real app against the reference upstream as a visitor or
// a user whose draft fills every wizard step sees it: whether its HTML loads any script, the JavaScript
// it really loads (gzip; 0 when it names no script) and what it would load if it hydrated (entry, route
// manifest, route modules and chunks), and the HTML (gzip); then the median time of sequential GETs of
// a small form page; then the load run of tests/load/load-run.ts (50 users at once through the app's
// forms, each final submit posted twice); then the soak (bench/soak.ts: 20 people going round log in,
// My page, a step, a draft save and a small upload for 3 minutes); then the SSR throughput of /login and /mypage against a bare
// Remix form page (bench/ssr.ts); the uploads (bench/uploads.ts: 10 MiB through the app against
// straight to the upstream, and memory); the upstream calls of 10,000 法人番号 look-ups (bench/lookups.ts);
// a 10 MiB upload at 128 kbps, one that stops and 40 that trickle (bench/slow-upload.ts, about 14
// minutes); a bystander's upload while 66 uploads of 22 accounts trickle (bench/fair-slots.ts, about 2
// minutes); credential stuffing, 300 pairs from 300 addresses (bench/stuffing.ts); the 128 kbps journey,
// the invoice step's hydration on a slow phone and the press from My page to it (bench/journey.ts); and
// the Lighthouse mobile scores (bench/lighthouse.ts). Each part starts its own
// servers. After the pages, the time `npm start` takes on a fresh data folder and again (bench/start.ts).

import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { prepareUser, runLoad } from "../tests/load/load-run";
import { benchHydration, benchJourney, benchWarmWizard } from "./journey";
import { benchFairSlots } from "./fair-slots";
import { benchLighthouse } from "./lighthouse";
import { benchLookups } from "./lookups";
import { assetsDir, root, serverBuild, startServers } from "./servers";
import { benchSlowUpload } from "./slow-upload";
import { benchSoak } from "./soak";
import { benchSsr } from "./ssr";
import { benchStart } from "./start";
import { quantile } from "./statistics";
import { benchStuffing } from "./stuffing";
import { benchUploads } from "./uploads";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  /** The manifest's own file, /build/manifest-<hash>.js: every page that hydrates loads it. */
  url: string;
}

function readManifest(): Manifest {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[A-Za-z0-9]+\.js$/.test(name));
  if (!file) throw new Error("no build manifest: run npm run build");
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8");
  return {
    ...(JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Omit<Manifest, "url">),
    url: `/build/${file}`,
  };
}

const gzipBytes = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts a page of `routeId` loads when it hydrates: the entry, the manifest, each route module up the tree and their chunks. */
function scriptsOfRoute(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports, manifest.url]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  return files;
}

/**
 * The scripts a rendered page names: a <script src>, a modulepreload, an inline module's imports, or
 * the files the page's boot script (app/components/page-scripts.tsx) preloads after the load event:
 * the page's own and the next step's modules.
 */
function scriptsInHtml(html: string): Set<string> {
  const files = new Set<string>();
  const boot = /\(function\(\)\{var p=(\[[^\]]*\]),c=/.exec(html);
  if (boot) for (const file of JSON.parse(boot[1]!) as string[]) files.add(file);
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) files.add(href[1]!);
  }
  for (const match of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const imported of match[1]!.matchAll(/\bimport\b[^"']*["']([^"']+)["']/g)) files.add(imported[1]!);
  }
  return files;
}

/** gzip bytes of the built files named by these /build/ URLs. */
function gzipOfScripts(files: Set<string>): number {
  let total = 0;
  for (const file of files) {
    if (!file.startsWith("/build/")) continue;
    total += gzipBytes(fs.readFileSync(path.join(assetsDir, file.replace(/^\/build\//, ""))));
  }
  return total;
}

/** The route's URL, `:entryId` filled with `entryId`; null for other parameters. */
function urlOf(manifest: Manifest, routeId: string, entryId: number | null): string | null {
  const segments: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    if (route.path) segments.unshift(route.path);
  }
  const url = `/${segments.join("/")}`.replace(/\/+/g, "/").replace(":entryId", String(entryId));
  return /[:*$]/.test(url) ? null : url;
}

async function main() {
  if (!fs.existsSync(serverBuild)) {
    execSync("npm run build", { cwd: root, stdio: "inherit" });
  }
  const manifest = readManifest();
  const servers = await startServers();
  const { appUrl } = servers;
  try {
    // Pages behind login are measured as a user sees them whose draft fills every wizard step (so each
    // step renders rather than redirecting to an earlier one); an entry's pages with one who submitted it.
    const drafted = await prepareUser(servers, "confirmation");
    const submitted = await prepareUser(servers, "submitted");

    const rows: string[][] = [
      ["page", "scripts", "JS loaded (gzip)", "JS if it hydrated", "HTML (gzip)", "status"],
    ];
    let heaviest = { url: "", bytes: 0 };
    // Pages: routes with a path of their own and no children (pathless layouts are not pages).
    const leaves = Object.values(manifest.routes).filter(
      (route) =>
        (route.path || route.index) &&
        !Object.values(manifest.routes).some((other) => other.parentId === route.id),
    );
    for (const route of leaves.sort((a, b) => a.id.localeCompare(b.id))) {
      const url = urlOf(manifest, route.id, submitted.entryId);
      if (!url || url === "/404" || route.id === "routes/logout") continue;
      // Visitors' pages are measured as a visitor sees them; pages behind login with a user's session.
      const cookie = url.includes(`/${submitted.entryId}`) ? submitted.cookie : drafted.cookie;
      let response = await fetch(`${appUrl}${url}`, { redirect: "manual" });
      if (response.headers.get("location")?.startsWith("/login")) {
        response = await fetch(`${appUrl}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
      }
      const html = Buffer.from(await response.arrayBuffer());
      // A redirect or a resource route (JSON, a calendar file) is no page: it loads no script either way.
      const isPage = response.status < 300 || response.status >= 400;
      const isHtml = isPage && (response.headers.get("content-type") ?? "").startsWith("text/html");
      const named = scriptsInHtml(html.toString("utf8"));
      const bundle = scriptsOfRoute(manifest, route.id);
      // What the page really loads: nothing when its HTML names no script; else its bundle and anything
      // else the HTML names.
      const js = named.size === 0 ? 0 : gzipOfScripts(new Set([...bundle, ...named]));
      rows.push([
        url,
        isHtml ? (named.size === 0 ? "none" : "yes") : "-",
        kb(js),
        isHtml ? kb(gzipOfScripts(bundle)) : "-",
        kb(gzipBytes(html)),
        String(response.status),
      ]);
      if (js > heaviest.bytes) heaviest = { url, bytes: js };
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
    console.log(
      `\nheaviest JavaScript loaded: ${heaviest.url} ${kb(heaviest.bytes)} (goal: no page over 110 KB)`,
    );

    const timings: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await (await fetch(`${appUrl}/login`)).arrayBuffer();
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.floor(q * (timings.length - 1))]!.toFixed(1);
    console.log(`GET /login, 200 sequential requests: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  } finally {
    await servers.stop();
  }
}

async function load(users: number) {
  const figures = await runLoad(users);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`\nload: ${figures.users} users at once (JavaScript off, through the app's forms)`);
  console.log(`  users                        ${figures.users}`);
  console.log(`  entries made / submitted     ${figures.entriesStored} / ${figures.submitted}`);
  console.log(
    `  final submits posted         ${figures.submitLatencies.length} (twice per user, at once): ${Object.entries(
      figures.submitOutcomes,
    )
      .map(([outcome, count]) => `${count}× ${outcome}`)
      .join(", ")}`,
  );
  console.log(`  users with more than one     ${figures.entriesPerUser.filter((count) => count > 1).length}`);
  console.log(`  requests to the app          ${figures.requests} (at most ${figures.peakInFlight} at once)`);
  console.log(`  5xx responses                ${figures.serverErrors.length}`);
  console.log(
    `  final submit latency         p50 ${ms(quantile(figures.submitLatencies, 0.5))}, p95 ${ms(quantile(figures.submitLatencies, 0.95))}`,
  );
  console.log(`  total time                   ${ms(figures.totalMs)}`);
  for (const line of [...figures.serverErrors, ...figures.failures]) console.log(`  ! ${line}`);
}

// BENCH_ONLY=hydration,journey (a comma-separated list of the names below) runs only those parts.
const parts: [string, () => Promise<void>][] = [
  ["pages", main],
  ["start", benchStart],
  ["load", () => load(Number(process.env.BENCH_USERS) || 50)],
  ["soak", benchSoak],
  ["ssr", benchSsr],
  ["uploads", benchUploads],
  ["lookups", benchLookups],
  ["slow-upload", benchSlowUpload],
  ["stuffing", benchStuffing],
  ["fair-slots", benchFairSlots],
  ["journey", benchJourney],
  ["hydration", benchHydration],
  ["warm-wizard", benchWarmWizard],
  ["lighthouse", benchLighthouse],
];
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !parts.some(([part]) => part === name)) ?? [];
if (unknown.length > 0) {
  throw new Error(
    `BENCH_ONLY: no part named ${unknown.join(", ")} (${parts.map(([name]) => name).join(", ")})`,
  );
}
for (const [name, run] of parts) if (!only || only.includes(name)) await run();
