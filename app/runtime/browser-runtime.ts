// The §8–§9 browser runtime, started by the client entry once React has hydrated: only pages that
// load scripts run it, and a page without scripts pays nothing. The reload guard and the new-version
// check are a few hundred bytes in the entry; analytics is a chunk of its own, fetched only when the
// root loader sent analytics settings. See docs/decisions/0017-browser-runtime.md.

import type { AnalyticsSettings } from "./analytics-events";
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
  const root = router.state.loaderData.root as { analytics?: AnalyticsSettings | null } | undefined;
  const settings = root?.analytics;
  if (settings) void import("./analytics").then((analytics) => analytics.startAnalytics(router, settings));
}
