// The built app (scripts/serve.ts) and the reference upstream, each on a free port with a temporary data
// directory, as in production: one start-up shared by `npm run bench` (its tables, the 128 kbps journey,
// Lighthouse) and the load run of tests/load/load-run.ts.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort, waitForHttp } from "../scripts/ports";

export const root = path.resolve(import.meta.dirname, "..");
// The same folders remix.config.js builds into (SAKIDORI_BUILD_DIR, default build/ + public/build/).
const buildDir = process.env.SAKIDORI_BUILD_DIR || "build";
export const assetsDir = path.join(root, buildDir === "build" ? "public/build" : `${buildDir}/public`);
export const serverBuild = path.join(root, buildDir, "index.js");

export interface Servers {
  appUrl: string;
  upstreamUrl: string;
  dataDir: string;
  /** The servers' own processes (their CPU time, in bench/ssr.ts). */
  appPid: number | undefined;
  upstreamPid: number | undefined;
  /** Settles when the app's process has exited, with its exit code (null when a signal ended it). */
  appExit: Promise<number | null>;
  /** The app's stdout lines so far (its JSON log), when started with `captureAppLog`. */
  appLog: string[];
  /** Stops the upstream (SIGTERM), and starts it again on the same port and data. */
  stopUpstream(): Promise<void>;
  restartUpstream(): Promise<void>;
  stop(): Promise<void>;
}

function start(command: string, args: string[], env: Record<string, string>, log?: string[]): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", log ? "pipe" : "ignore", "inherit"],
  });
  if (log && child.stdout) {
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      log.push(...lines.filter(Boolean));
    });
  }
  return child;
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The built app (scripts/serve.ts) and the reference upstream, on free ports, with a temporary data directory. */
export async function startServers(
  options: {
    appEnv?: Record<string, string>;
    upstreamEnv?: Record<string, string>;
    captureAppLog?: boolean;
  } = {},
): Promise<Servers> {
  if (!fs.existsSync(serverBuild)) throw new Error(`no server build at ${serverBuild}: run npm run build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-load-"));
  const upstreamPort = await findFreePort();
  const appPort = await findFreePort();
  const appUrl = `http://localhost:${appPort}`;
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  let upstream: ChildProcess | null = null;
  let app: ChildProcess | null = null;
  const appLog: string[] = [];
  const stop = async () => {
    await Promise.all([upstream, app].filter((child) => child !== null).map(stopped));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const startUpstream = async () => {
    // Node itself with tsx as a loader (not the tsx command's wrapper): its pid is the server's.
    upstream = start(process.execPath, ["--import", "tsx", "reference-upstream/main.ts"], {
      UPSTREAM_PORT: String(upstreamPort),
      UPSTREAM_HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_BASE_URL: appUrl,
      UPSTREAM_LOG: "false",
      ...options.upstreamEnv,
    });
    await waitForHttp(`${upstreamUrl}/api/health/`);
  };
  try {
    await startUpstream();
    app = start(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts", serverBuild],
      {
        NODE_ENV: "production",
        PORT: String(appPort),
        API_BASE_URL: upstreamUrl,
        APP_BASE_URL: appUrl,
        SESSION_SECRETS: randomBytes(32).toString("base64"),
        SESSION_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        // Fifty people from one loopback address: the per-address limits would refuse the load itself.
        RATE_LIMIT_PER_ADDRESS: "100000",
        MAX_UPLOADS_AT_ONCE_PER_ADDRESS: "100000",
        ...options.appEnv,
      },
      options.captureAppLog ? appLog : undefined,
    );
    await waitForHttp(`${appUrl}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  const started = app;
  const appExit = new Promise<number | null>((resolve) => {
    if (started.exitCode !== null || started.signalCode !== null) resolve(started.exitCode);
    else started.once("exit", (code) => resolve(code));
  });
  return {
    appUrl,
    upstreamUrl,
    dataDir,
    appPid: app.pid,
    appExit,
    upstreamPid: (upstream as ChildProcess | null)?.pid,
    appLog,
    stopUpstream: async () => {
      if (upstream) await stopped(upstream);
    },
    restartUpstream: startUpstream,
    stop,
  };
}

export const DEMO_ACCOUNT = { email: "demo@sakidori.example", password: "sakidori-demo-2026" };

/**
 * A session of the app for this account: the Cookie header a browser then sends, every cookie the login
 * set (the device cookie of decision 0020 comes before the session's).
 */
export async function logInToApp(
  appUrl: string,
  account: { email: string; password: string } = DEMO_ACCOUNT,
): Promise<string> {
  const login = await fetch(`${appUrl}/login`, {
    method: "POST",
    headers: { Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  if (login.headers.get("location") !== "/mypage") throw new Error(`login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export interface StartedProduct {
  url: string;
  port: number;
  /** What it printed up to "Stop with Ctrl+C." (the URL, the demo logins), stderr included. */
  output: string;
  /** Milliseconds from the spawn to "Sakidori is running". */
  startedInMs: number;
  stop(): Promise<void>;
}

/** This process's environment as a newcomer's shell has it for `npm start`: none of the app's settings. */
export function newcomerEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, UPSTREAM_LOG: "false", ...settings };
  for (const name of [
    "NODE_ENV",
    "API_BASE_URL",
    "APP_BASE_URL",
    "SESSION_SECRETS",
    "SESSION_ENCRYPTION_KEY",
    "BRAND",
  ])
    delete env[name];
  return env;
}

/**
 * `npm start`'s own script (scripts/start.ts, the build already made) on `dataDir` and free ports, in a
 * process group of its own, as a newcomer's shell runs it: none of this process's app settings.
 */
export async function startProduct(dataDir: string): Promise<StartedProduct> {
  const port = await findFreePort();
  const env = newcomerEnvironment({
    DATA_DIR: dataDir,
    PORT: String(port),
    UPSTREAM_PORT: String(await findFreePort()),
  });
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let startedInMs = 0;
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (!startedInMs && output.includes("Sakidori is running")) startedInMs = performance.now() - spawnedAt;
      // The demo logins come after the line that says it runs.
      if (output.includes("Stop with Ctrl+C.")) resolve();
    });
    void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
  });
  return { url: `http://localhost:${port}`, port, output, startedInMs, stop };
}
