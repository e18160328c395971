// Server rendering against the framework floor (decision 0018): requests per second of a bare Remix v2
// form page (bench/fixtures/bare-remix, built and served as the app is: `NODE_ENV=production remix
// build`, remix-serve) beside the app's /login (a visitor) and /mypage (the demo account), side by side
// in one run with one client. The client is a closed loop over node:http keep-alive connections sending
// a browser's headers (Brotli accepted, so remix-serve compresses as it does for people). The machine is
// shared: every target is measured in several rounds, in a rotating order, and the medians are printed.
// Figures only, never asserted.

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { findFreePort, waitForHttp } from "../scripts/ports";
import { logInToApp, root, serverBuild, startServers } from "./servers";

const fixtureDir = path.join(import.meta.dirname, "fixtures/bare-remix");
const remixServe = path.join(root, "node_modules/.bin/remix-serve");

const CONNECTIONS = Number(process.env.BENCH_SSR_CONNECTIONS) || 16;
const WARM_UP_MS = 1_000;
const MEASURE_MS = Number(process.env.BENCH_SSR_SECONDS) * 1_000 || 5_000;
const ROUNDS = Number(process.env.BENCH_SSR_ROUNDS) || 3;

/** What Chromium sends for a document navigation (isbot says "not a bot": the browser's path). */
const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "ja,en-US;q=0.9",
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

/** The fixture is built once per checkout (its output is not committed), as `npm run build` builds ours. */
function buildFixture(): void {
  if (fs.existsSync(path.join(fixtureDir, "build/index.js"))) return;
  execFileSync(path.join(root, "node_modules/.bin/remix"), ["build"], {
    cwd: fixtureDir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "inherit",
  });
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The server's process, for its CPU time. */
  pid: number | undefined;
  /** The reference upstream's process, when the page calls it: the CPU it spends on each page. */
  upstreamPid?: number | undefined;
}

/**
 * CPU milliseconds a process has used (user + system, its threads included: zlib works off the main
 * thread), from /proc; null where there is none. Less shaken by other work on the machine than req/s:
 * a saturated server's throughput is the inverse of its CPU time per request.
 */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function get(target: Target, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(target.url, { agent, headers: target.headers }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Closed loop: CONNECTIONS clients each send their next request when the last answer has been read to
 * its end. Answers completed inside the measured window count; anything but a 200 is an error.
 */
async function requestsPerSecond(target: Target): Promise<{
  rps: number;
  cpuPerRequest: number | null;
  upstreamCpuPerRequest: number | null;
  errors: number;
}> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let counting = false;
  let stopped = false;
  let completed = 0;
  let errors = 0;
  const client = async () => {
    while (!stopped) {
      const status = await get(target, agent).catch(() => 0);
      if (!counting || stopped) continue;
      if (status === 200) completed += 1;
      else errors += 1;
    }
  };
  const clients = Array.from({ length: CONNECTIONS }, client);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  counting = true;
  const cpuBefore = cpuMsOf(target.pid);
  const upstreamCpuBefore = target.upstreamPid === undefined ? null : cpuMsOf(target.upstreamPid);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  stopped = true;
  const elapsed = performance.now() - started;
  const cpuAfter = cpuMsOf(target.pid);
  const upstreamCpuAfter = target.upstreamPid === undefined ? null : cpuMsOf(target.upstreamPid);
  await Promise.all(clients);
  agent.destroy();
  const perRequest = (before: number | null, after: number | null) =>
    before === null || after === null || completed === 0 ? null : (after - before) / completed;
  return {
    rps: (completed / elapsed) * 1_000,
    cpuPerRequest: perRequest(cpuBefore, cpuAfter),
    upstreamCpuPerRequest: perRequest(upstreamCpuBefore, upstreamCpuAfter),
    errors,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchSsr(): Promise<void> {
  if (!fs.existsSync(serverBuild)) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  buildFixture();
  const servers = await startServers({
    // The profile of one server under load (BENCH_SSR_PROFILE=dir): `node --cpu-prof` for the app.
    appEnv: process.env.BENCH_SSR_PROFILE
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_SSR_PROFILE)}` }
      : {},
  });
  const { appUrl } = servers;
  const barePort = await findFreePort();
  const bareUrl = `http://localhost:${barePort}`;
  // remix-serve serves public/ from its working directory: the fixture's own.
  const bare = spawn(remixServe, ["build/index.js"], {
    cwd: fixtureDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(barePort) },
    stdio: "ignore",
  });
  try {
    await Promise.all([waitForHttp(`${appUrl}/login`), waitForHttp(`${bareUrl}/`)]);

    const cookie = await logInToApp(appUrl);
    const targets: Target[] = [
      { name: "bare Remix form page", url: `${bareUrl}/`, headers: BROWSER_HEADERS, pid: bare.pid },
      { name: "/login (visitor)", url: `${appUrl}/login`, headers: BROWSER_HEADERS, pid: servers.appPid },
      {
        name: "/mypage (logged in)",
        url: `${appUrl}/mypage`,
        headers: { ...BROWSER_HEADERS, Cookie: cookie },
        pid: servers.appPid,
        upstreamPid: servers.upstreamPid,
      },
    ];
    for (const target of targets) {
      const status = await get(target, new http.Agent());
      if (status !== 200) throw new Error(`${target.url} answered ${status}, not 200`);
    }

    const rates = new Map(targets.map((target) => [target.name, [] as number[]]));
    const cpu = new Map(targets.map((target) => [target.name, [] as number[]]));
    const upstreamCpu = new Map(targets.map((target) => [target.name, [] as number[]]));
    let errors = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // A rotating order: no target always runs first (or last) on a machine others share.
      for (let i = 0; i < targets.length; i += 1) {
        const target = targets[(i + round) % targets.length]!;
        const result = await requestsPerSecond(target);
        rates.get(target.name)!.push(result.rps);
        if (result.cpuPerRequest !== null) cpu.get(target.name)!.push(result.cpuPerRequest);
        if (result.upstreamCpuPerRequest !== null)
          upstreamCpu.get(target.name)!.push(result.upstreamCpuPerRequest);
        errors += result.errors;
      }
    }

    const bareName = targets[0]!.name;
    const bareRps = median(rates.get(bareName)!);
    const bareCpu = cpu.get(bareName)!.length ? median(cpu.get(bareName)!) : null;
    const goals: Record<string, number> = { [targets[1]!.name]: 0.8, [targets[2]!.name]: 0.6 };
    console.log(
      `\nSSR throughput against the framework floor: ${CONNECTIONS} keep-alive connections, ` +
        `${MEASURE_MS / 1_000} s a run after ${WARM_UP_MS / 1_000} s warm-up, ${ROUNDS} rounds, ` +
        `Accept-Encoding: gzip, deflate, br (medians; each run's req/s in brackets; CPU time per request of ` +
        `the server process, steadier than req/s on a shared machine: the throughput of a busy server is its inverse)`,
    );
    for (const target of targets) {
      const runs = rates.get(target.name)!;
      const rps = median(runs);
      const cpuPerRequest = cpu.get(target.name)!.length ? median(cpu.get(target.name)!) : null;
      const goal = goals[target.name];
      let line = `  ${target.name.padEnd(21)} ${rps.toFixed(0).padStart(5)} req/s`;
      if (goal !== undefined) line += `  ${(rps / bareRps).toFixed(2)}× bare (goal ≥ ${goal}×)`;
      else line += " ".repeat(29);
      if (cpuPerRequest !== null) {
        line += `  server CPU ${cpuPerRequest.toFixed(2)} ms/request`;
        if (goal !== undefined && bareCpu !== null)
          line += ` (${(bareCpu / cpuPerRequest).toFixed(2)}× bare)`;
      }
      // The reference upstream shares the machine's cores: its time per page is not the app's.
      const upstreamRuns = upstreamCpu.get(target.name)!;
      if (upstreamRuns.length) line += `, + reference upstream ${median(upstreamRuns).toFixed(2)} ms`;
      console.log(`${line}  [${runs.map((value) => value.toFixed(0)).join(", ")}]`);
    }
    if (errors > 0) console.log(`  ! ${errors} answers were not 200`);
  } finally {
    bare.kill("SIGTERM");
    // A profiled app writes its profile on exit (stop waits for it).
    await servers.stop();
  }
}
