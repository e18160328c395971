// `npm start` stops as systemd and container runtimes stop it: SIGTERM to its whole process group (each
// process then gets it twice: from the group, and passed on by its parent), or to npm's pid alone. Either
// way it passes the signal on, waits for the app and the upstream to exit, and exits 0 itself, leaving
// no process behind. It runs `npm run build` first: into a folder of its own here, so the build the
// other tests use is left alone; its data in a temporary folder, on free ports. The time from SIGTERM
// to npm's exit is printed.

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { findFreePort } from "../../scripts/ports";
import { newcomerEnvironment } from "../../bench/servers";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = `.builds/npm-start-${randomUUID().slice(0, 8)}`;
/** A build, an upstream and the app starting on a machine other tests also keep busy. */
const STARTED_WITHIN_MS = 120_000;

/** What a run started, ended here should a test fail and leave some of it running. */
let started: number[] = [];
afterEach(() => {
  const [npm] = started;
  const left = npm === undefined ? [] : running([...started, ...descendants(npm).keys()]);
  for (const pid of left) process.kill(pid, "SIGKILL");
  started = [];
});
afterAll(() => fs.rmSync(path.join(root, buildDir), { recursive: true, force: true }));

/** Every process now running: its parent, process group, state and command line (from /proc). */
function processes(): Map<number, { ppid: number; pgid: number; zombie: boolean; command: string }> {
  const found = new Map<number, { ppid: number; pgid: number; zombie: boolean; command: string }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp …: the command name may hold spaces and parentheses.
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.set(Number(entry), { ppid: Number(ppid), pgid: Number(pgid), zombie: state === "Z", command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The processes started under `pid`, with their command lines. */
function descendants(pid: number): Map<number, string> {
  const all = processes();
  const found = new Map<number, string>();
  let parents = [pid];
  while (parents.length > 0) {
    const children = [...all].filter(([, process]) => parents.includes(process.ppid));
    for (const [child, { command }] of children) found.set(child, command);
    parents = children.map(([child]) => child);
  }
  return found;
}

/** The pids among `pids` still running (a zombie has ended). */
function running(pids: number[]): number[] {
  const all = processes();
  return pids.filter((pid) => all.has(pid) && !all.get(pid)!.zombie);
}

/** `npm start` in a process group of its own, once it says it is running. */
async function npmStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-npm-start-"));
  // As an operator's shell would start it: none of the test run's own settings.
  const env = newcomerEnvironment({
    SAKIDORI_BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    PORT: String(await findFreePort()),
    UPSTREAM_PORT: String(await findFreePort()),
  });
  const npm = spawn("npm", ["start"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started = [npm.pid!];
  const exit = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  let output = "";
  npm.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not start:\n${output}`)),
      STARTED_WITHIN_MS,
    );
    npm.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (!output.includes("Sakidori is running")) return;
      clearTimeout(timer);
      resolve();
    });
    void exit.then((code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return { npm, exit, dataDir, output: () => output };
}

async function stopsCleanly(signal: (npm: ChildProcess) => void, label: string) {
  const { npm, exit, dataDir, output } = await npmStart();
  const children = descendants(npm.pid!);
  started.push(...children.keys());
  const pidOf = (script: string) => [...children].find(([, command]) => command.includes(script))?.[0];
  const own = {
    start: pidOf("scripts/start.ts"),
    app: pidOf("scripts/serve.ts"),
    upstream: pidOf("reference-upstream/main.ts"),
  };
  expect(own.start && own.app && own.upstream, [...children.values()].join("\n")).toBeTruthy();

  const sentAt = performance.now();
  signal(npm);
  expect(await exit).toBe(0);
  console.log(`npm start, ${label}: ${(performance.now() - sentAt).toFixed(0)} ms from SIGTERM to its exit`);
  // npm exits after its children: start.ts after the app and the upstream.
  expect(running([npm.pid!, own.start!, own.app!, own.upstream!])).toEqual([]);
  // The upstream stops once the app has: the app's last requests may still need it.
  const appStopped = output().indexOf('"msg":"stopped"');
  expect(appStopped).toBeGreaterThan(-1);
  expect(output().indexOf("[upstream] stopping", appStopped)).toBeGreaterThan(appStopped);
  // The rest (tsx's esbuild helpers) end once their parent has gone.
  await vi.waitFor(() => expect(running(started).map((pid) => children.get(pid))).toEqual([]), {
    timeout: 10_000,
    interval: 50,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

describe("npm start stops at SIGTERM without orphans", { timeout: STARTED_WITHIN_MS + 60_000 }, () => {
  it("its whole process group signalled (systemd, containers): exits 0 after the app and the upstream", () =>
    stopsCleanly((npm) => process.kill(-npm.pid!, "SIGTERM"), "the process group"));

  it("npm's pid alone signalled: the signal is passed on, and it exits 0 after the app and the upstream", () =>
    stopsCleanly((npm) => process.kill(npm.pid!, "SIGTERM"), "npm's pid alone"));
});
