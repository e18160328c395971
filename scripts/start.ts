// `npm start` (after `npm run build`): the reference upstream on 127.0.0.1:$UPSTREAM_PORT with its data
// in $DATA_DIR, then the app (its own server, scripts/serve.ts) on $PORT pointed at it. With $API_BASE_URL set, no embedded
// upstream starts and the app uses that URL. On a fresh $DATA_DIR the demo owners are made first
// (reference-upstream/demo/create.ts); their logins are printed at the end.
//
// `npm run dev` is the same with `--dev`: the app runs under `remix dev` (classic compiler, watch mode),
// which builds, starts the same server on the build and rebuilds on every change. A development build
// answers 500 when served in production mode, hence NODE_ENV=development there.
//
// When the embedded upstream dies, the app keeps serving (pages that need the upstream show the 499
// screen meanwhile) and the upstream is started again with a backoff (scripts/supervise.ts, decision 0008).
// When the app itself dies, everything stops: `npm start` is no process manager, and an app that
// cannot serve should be seen (the exit code says why) rather than restarted in a loop.
//
// SIGTERM or SIGINT, to this process or its whole process group (systemd, container runtimes, Ctrl+C),
// stops the app (which drains), then the upstream, and exits once both have: 0 when the app finished
// everything under way. Node runs with tsx as a loader, never under the tsx command, whose own signal
// relay kills a child that does not answer it within ~30 ms.

import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import { configFromEnvironment } from "../reference-upstream/config";
import { databaseFile } from "../reference-upstream/db/database";
import { DEMO_OWNER_PASSWORD, demoLoginLines, demoOwnersIn } from "../reference-upstream/demo/owners";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../reference-upstream/seed";
import { waitForHttp } from "./ports";
import { exitOnWrongSetting } from "../app/settings/config.server";
import { startSettings } from "./start-settings";
import { type Supervisor, supervise } from "./supervise";

const dev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
// Every setting checked before anything starts (the app's and the upstream's with the environment each
// will be given): a wrong one stops here, in one line naming it.
const settings = exitOnWrongSetting(() => startSettings(process.env, { dev, root }));
const { port, appBaseUrl, apiBaseUrl } = settings;
let app: ChildProcess | null = null;
let upstream: Supervisor | null = null;

let stopping: Promise<void> | null = null;
/**
 * The demo owners, on a fresh data folder only (before the upstream opens it): they take a second or two
 * once, never on a later start. A failure is told and the start goes on; `npm run demo -- reset` retries.
 */
async function createDemoOwners(): Promise<void> {
  const started = performance.now();
  try {
    const demo = await import("../reference-upstream/demo/create");
    const created = await demo.createDemoOwners(upstreamConfig!);
    console.log(`Created ${created.length} demo owners in ${Math.round(performance.now() - started)} ms.`);
  } catch (error) {
    console.error(
      `The demo owners could not all be created (npm run demo -- reset tries again): ${String(error)}`,
    );
  }
}

/**
 * Passes `signal` on to the app, waits until it has exited, then stops the upstream: the app's requests
 * still draining may need it. Runs once, however many signals come. Exits with `code`, else the app's.
 */
function stop(signal: NodeJS.Signals, code?: number): void {
  stopping ??= (async () => {
    const running = app;
    if (running && running.exitCode === null && running.signalCode === null) {
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill(signal);
      });
    }
    await upstream?.stop();
    // `remix dev` ends at once with 128 + the signal's number, its server stopping on its own: 0 then.
    const appCode = !running || dev ? 0 : (running.exitCode ?? 1);
    process.exit(code ?? appCode);
  })();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

const { upstreamEnv } = settings;
const upstreamConfig = upstreamEnv && configFromEnvironment(upstreamEnv);
if (upstreamConfig?.seedDemo && !fs.existsSync(databaseFile(upstreamConfig.dataDir))) {
  await createDemoOwners();
}
if (upstreamEnv) {
  upstream = supervise({
    name: "The upstream",
    // In a process group of its own, so a signal to ours reaches it only through stop(), after the
    // app; the IPC channel ends it should this process end without stopping it.
    start: () =>
      spawn(process.execPath, ["--import", "tsx", "reference-upstream/main.ts"], {
        cwd: root,
        env: upstreamEnv,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        detached: true,
      }),
  });
  await waitForHttp(`${apiBaseUrl}/api/health/`);
}

// Stopped while the upstream was starting: nothing more starts (stop() ends the process).
if (stopping) await stopping;

// SAKIDORI_BUILD_DIR: a build beside the usual one (remix.config.js), as the browser tests allow.
const serveArgs = [`./${process.env.SAKIDORI_BUILD_DIR || "build"}/index.js`];
const serve = [process.execPath, "--import", "tsx", "scripts/serve.ts", ...serveArgs];
// Under `remix dev` the server is started again after each rebuild (no --manual).
const [command, args] = dev ? [bin("remix"), ["dev", "-c", serve.join(" ")]] : [serve[0]!, serve.slice(1)];
app = spawn(command, args, {
  cwd: root,
  env: settings.appEnv,
  // The channel tells the server when this process has ended without stopping it (SIGKILL).
  stdio: ["inherit", "inherit", "inherit", "ipc"],
});
app.on("exit", (code, signal) => {
  if (stopping) return;
  console.error(`${path.basename(command)} exited (${signal ?? code}); stopping.`);
  stop("SIGTERM", code ?? 1);
});
// The first development build comes before the server: give it longer.
await waitForHttp(`http://127.0.0.1:${port}/`, dev ? 120_000 : undefined);

console.log("");
console.log(`Sakidori is running: ${appBaseUrl}/`);
console.log(`Upstream API:        ${apiBaseUrl}/`);
if (upstreamConfig) {
  console.log(`Demo login:          ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  const owners = demoOwnersIn(upstreamConfig.dataDir);
  if (owners.length > 1) {
    console.log(
      `Demo owners, one per stage (password ${DEMO_OWNER_PASSWORD} for each; README "Demo owners"):`,
    );
    for (const line of demoLoginLines(owners, appBaseUrl, settings.appEnv.BRAND)) console.log(line);
  } else {
    console.log("Demo owners at every stage: npm run demo -- reset");
  }
}
if (dev) console.log("Watching app/ and rebuilding on change (npm run dev).");
console.log("Stop with Ctrl+C.");
