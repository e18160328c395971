// The server build's entry (remix.config.js `server`): the build remix-serve loads, with the request
// gate installed on the HTTP server and every route action origin-checked (ARCHITECTURE decision 12).

import * as build from "@remix-run/dev/server-build";
import { guardActions } from "~/security/guard-actions.server";
import { installRequestGate } from "~/security/request-gate.server";

installRequestGate({ buildVersion: build.assets.version });

export * from "@remix-run/dev/server-build";
export const routes = guardActions(build.routes);
