// The server build's entry (remix.config.js `server`): the build remix-serve loads, with the request
// gate installed on the HTTP server, every route action origin-checked (ARCHITECTURE decision 12), and
// every resource route's refusal of a browser's navigation answered with the error screen.

import * as build from "@remix-run/dev/server-build";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import { withResourceErrorScreens } from "~/routing/resource-error-screens.server";
import { guardActions } from "~/security/guard-actions.server";
import { installRequestGate } from "~/security/request-gate.server";

installRequestGate({ buildVersion: build.assets.version });

export * from "@remix-run/dev/server-build";
// The error screen is drawn by this same build, through its own request handler.
export const routes: ServerBuild["routes"] = withResourceErrorScreens(guardActions(build.routes), (request) =>
  drawPage(request),
);
const drawPage = createRequestHandler({ ...build, routes } as ServerBuild, process.env.NODE_ENV);
