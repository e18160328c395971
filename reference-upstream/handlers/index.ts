// Every route of the reference upstream, by resource. Each module owns its paths (docs/upstream-api/).

import type { RouteDefinition } from "../http/router";
import { accountRoutes } from "./accounts";
import { draftRoutes } from "./drafts";
import { entryRoutes } from "./entries";
import { healthRoutes } from "./health";
import { houjinbangouRoutes } from "./houjinbangou";
import { profileRoutes } from "./profile";
import { settingsRoutes } from "./settings";
import { uploadRoutes } from "./uploads";

export const allRoutes: RouteDefinition[] = [
  ...healthRoutes,
  ...accountRoutes,
  ...profileRoutes,
  ...settingsRoutes,
  ...uploadRoutes,
  ...houjinbangouRoutes,
  ...entryRoutes,
  ...draftRoutes,
];
