// The server build's entry (remix.config.js `server`): the build, with every upstream failure answered
// as §8 says, every route action origin-checked (ARCHITECTURE §12) and every resource route's refusal
// of a browser's navigation answered with the error screen, and `startServer` that serves it
// (scripts/serve.ts).

import * as build from "@remix-run/dev/server-build";
import { withResourceErrorScreens } from "~/server/resource-error-screens.server";
import { guardActions } from "~/server/guard-actions.server";
import { type AppBuild, type RouteTable, requestHandler, withRoutes } from "~/server/remix-internals.server";
import { withUpstreamAnswers } from "~/server/upstream-answers.server";
import { startServer as serve } from "~/server/serve.server";

export * from "@remix-run/dev/server-build";
// The error screen is drawn by this same build, through its own request handler, on the request's context.
export const routes: RouteTable = withResourceErrorScreens(
  guardActions(withUpstreamAnswers(build.routes)),
  (request, ctx) => drawPage(request, ctx),
);
const drawPage = requestHandler(withRoutes(build as AppBuild, routes), process.env.NODE_ENV);

export const startServer = () => serve(withRoutes(build as AppBuild, routes));
