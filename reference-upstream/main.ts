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

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void upstream.close().then(() => process.exit(0));
  });
}

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
