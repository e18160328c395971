// Serves a server build with the app's own server (app/server/): `node --import tsx scripts/serve.ts
// [build/index.js]`, the build of SAKIDORI_BUILD_DIR when none is named. A setting that is wrong stops
// it here with one line, before the build is loaded or anything listens.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { appConfig, exitOnWrongSetting } from "../app/settings/config.server";

exitOnWrongSetting(appConfig);

// tsx turns source maps on and maps the production build (which has none of its own) onto itself: the
// first error's stack then parses that map, stalling every request of the process (0.1 s when idle,
// up to 1 s on a busy machine; a timed-out /readyz answered in 2 s). Development keeps its maps.
if (process.env.NODE_ENV === "production") process.setSourceMapsEnabled(false);

const buildPath = path.resolve(process.argv[2] ?? `${process.env.SAKIDORI_BUILD_DIR || "build"}/index.js`);
const build = (await import(pathToFileURL(buildPath).href)) as { startServer: () => Promise<void> };
try {
  await build.startServer();
} catch (error) {
  // A port already taken, an address not this machine's: one line, as for a wrong setting.
  console.error(`The app could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
