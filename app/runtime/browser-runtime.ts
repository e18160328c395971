// The §8–§9 browser runtime, started by the client entry once React has hydrated: only pages that
// load scripts run it, and a page without scripts pays nothing. The reload guard and the new-version
// check are a few hundred bytes in the entry. See docs/decisions/0017-browser-runtime.md.

import { watchBuildVersion } from "./new-version";
import { guardChunkLoads } from "./reload-guard";

let started = false;

export function startBrowserRuntime(): void {
  // React's StrictMode runs effects twice in development: one runtime per document.
  if (started) return;
  started = true;
  const router = window.__remixRouter;
  guardChunkLoads();
  watchBuildVersion(router);
}
