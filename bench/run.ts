// `npm run bench`: size and speed figures for the built app, printed, never asserted (the machine is
// shared and noisy). Per page: the JavaScript a browser downloads (gzip, from the build manifest) and
// the HTML (gzip, rendered by the real app against the reference upstream); then the median time of
// sequential GETs of a small form page; then the load run of tests/load/load-run.ts (50 users at once
// through the app's forms, each final submit posted twice), its own servers, its figures; then the
// uploads (bench/uploads.ts: 10 MiB through the app against straight to the upstream, and memory).

import { type ChildProcess, execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { findFreePort, waitForHttp } from "../scripts/ports";
import { quantile, runLoad } from "../tests/load/load-run";
import { benchUploads } from "./uploads";

const root = path.resolve(import.meta.dirname, "..");
// The same folders remix.config.js builds into (SAKIDORI_BUILD_DIR, default build/ + public/build/).
const buildDir = process.env.SAKIDORI_BUILD_DIR || "build";
const assetsDir = path.join(root, buildDir === "build" ? "public/build" : `${buildDir}/public`);
const serverBuild = path.join(root, buildDir, "index.js");

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
}

function readManifest(): Manifest {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[A-Za-z0-9]+\.js$/.test(name));
  if (!file) throw new Error("no build manifest: run npm run build");
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const gzipBytes = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function jsForRoute(manifest: Manifest, routeId: string): number {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  let total = 0;
  // Manifest paths are URLs under /build/.
  for (const file of files)
    total += gzipBytes(fs.readFileSync(path.join(assetsDir, file.replace(/^\/build\//, ""))));
  return total;
}

function urlOf(manifest: Manifest, routeId: string): string | null {
  const segments: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    if (route.path) segments.unshift(route.path);
  }
  const url = `/${segments.join("/")}`.replace(/\/+/g, "/");
  return /[:*$]/.test(url) ? null : url;
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore" });
}

async function main() {
  if (!fs.existsSync(serverBuild)) {
    execSync("npm run build", { cwd: root, stdio: "inherit" });
  }
  const manifest = readManifest();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-bench-"));
  const upstreamPort = await findFreePort();
  const appPort = await findFreePort();
  const appUrl = `http://localhost:${appPort}`;
  const children = [
    start(path.join(root, "node_modules/.bin/tsx"), ["reference-upstream/main.ts"], {
      UPSTREAM_PORT: String(upstreamPort),
      DATA_DIR: dataDir,
      APP_BASE_URL: appUrl,
    }),
  ];
  try {
    await waitForHttp(`http://127.0.0.1:${upstreamPort}/api/health/`);
    children.push(
      start(path.join(root, "node_modules/.bin/remix-serve"), [serverBuild], {
        NODE_ENV: "production",
        PORT: String(appPort),
        API_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
        APP_BASE_URL: appUrl,
        SESSION_SECRETS: randomBytes(32).toString("base64"),
        SESSION_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      }),
    );
    await waitForHttp(`${appUrl}/`);

    // Log in as the demo account to render the pages behind login.
    const login = await fetch(`${appUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "demo@sakidori.example", password: "sakidori-demo-2026" }),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";

    const rows: string[][] = [["page", "JS (gzip)", "HTML (gzip)", "status"]];
    let heaviest = { url: "", bytes: 0 };
    // Pages: routes with a path of their own and no children (pathless layouts are not pages).
    const leaves = Object.values(manifest.routes).filter(
      (route) =>
        (route.path || route.index) &&
        !Object.values(manifest.routes).some((other) => other.parentId === route.id),
    );
    for (const route of leaves.sort((a, b) => a.id.localeCompare(b.id))) {
      const url = urlOf(manifest, route.id);
      if (!url || url === "/404" || route.id === "routes/logout") continue;
      const js = jsForRoute(manifest, route.id);
      // Visitors' pages are measured as a visitor sees them; pages behind login with the demo session.
      let response = await fetch(`${appUrl}${url}`, { redirect: "manual" });
      if (response.headers.get("location")?.startsWith("/login")) {
        response = await fetch(`${appUrl}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
      }
      const html = Buffer.from(await response.arrayBuffer());
      rows.push([url, kb(js), kb(gzipBytes(html)), String(response.status)]);
      if (js > heaviest.bytes) heaviest = { url, bytes: js };
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
    console.log(`\nheaviest JavaScript: ${heaviest.url} ${kb(heaviest.bytes)}`);

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
    for (const child of children) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
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

await main();
await load(Number(process.env.BENCH_USERS) || 50);
await benchUploads();
