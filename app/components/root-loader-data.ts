// What the root loader (app/root.server.ts) hands every page: here, below root.tsx, so that the
// frame's components can read it without importing the root route.

import type { Brand } from "~/brand/brands";
import type { PropagatedNotice } from "~/routing/propagated-errors";
import type { AnalyticsSettings } from "~/runtime/analytics-events";

export type RootLoaderData = {
  brand: Brand;
  isLoggedIn: boolean;
  notices: PropagatedNotice[];
  /** §9: null unless analytics is configured (app/request/analytics.server.ts). */
  analytics: AnalyticsSettings | null;
};
