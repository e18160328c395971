// The §8–§9 browser runtime, started once React has hydrated (decision 0017).

import type { AnalyticsSettings } from "./analytics-events";
import { watchBuildVersion } from "./new-version";
import { guardChunkLoads } from "./reload-guard";
import { browserRouter } from "./remix-internals";

let started = false;

export function startBrowserRuntime(): void {
  // React's StrictMode runs effects twice in development: one runtime per document.
  if (started) return;
  started = true;
  const router = browserRouter();
  guardChunkLoads();
  watchBuildVersion(router);
  const root = router.state.loaderData.root as { analytics?: AnalyticsSettings | null } | undefined;
  const settings = root?.analytics;
  if (settings) void import("./analytics").then((analytics) => analytics.startAnalytics(router, settings));
}
