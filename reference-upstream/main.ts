// `npm run reference-upstream`: the reference upstream alone, on $UPSTREAM_HOST:$UPSTREAM_PORT with its data in $DATA_DIR.

import { SettingError } from "../app/domain/settings";
import { type UpstreamConfig, configFromEnvironment } from "./config";
import { seedDemoAccount } from "./seed";
import { startUpstream } from "./server";

const config = settingsOrExit();
const upstream = await startUpstream(config);
if (config.seedDemo) {
  const demo = await seedDemoAccount(upstream.db, config.now());
  if (demo.created) {
    console.log(`[upstream] created the demo account: ${demo.email} / ${demo.password}`);
  }
}
console.log(`[upstream] listening on ${upstream.url} (data in ${config.dataDir}, version ${config.version})`);

// SIGTERM or SIGINT (once or more: a process group's signal and its parent's both come) drains it: the
// requests under way finish within SHUTDOWN_GRACE_MS, then it exits, 0 unless some had to be cut.
// `npm start` runs it in a process group of its own and stops it after the app (scripts/start.ts); its
// IPC channel closes when `npm start` ends, however it ended, and the upstream then stops too.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const started = performance.now();
  console.log(`[upstream] stopping: no new connections, ${upstream.inFlight()} requests under way`);
  void upstream.drain().then((cut) => {
    const ms = Math.round(performance.now() - started);
    console.log(`[upstream] stopped after ${ms} ms${cut ? `, ${cut} requests cut` : ""}`);
    process.exit(cut === 0 ? 0 : 1);
  });
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("disconnect", stop);

/** The settings, or a wrong one's line on stderr and exit code 1 before anything listens. */
function settingsOrExit(): UpstreamConfig {
  try {
    return configFromEnvironment();
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(`[upstream] ${error.message}`);
    process.exit(1);
  }
}
