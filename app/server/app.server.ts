// The app's HTTP handling, in the order a request meets it (decision 0025).

import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { brandFor } from "~/brand/brands";
import { errorScreenFor } from "~/domain/error-screen";
import { appConfig } from "~/settings/config.server";
import { logError } from "~/telemetry/logger.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";
import { allowedMethods } from "./allowed-methods.server";
import { buildFiles } from "./build-files.server";
import { type Lifecycle, healthRoutes } from "./health.server";
import { plainPage } from "./plain-page.server";
import { remixHandler } from "./remix-handler.server";
import type { AppBuild } from "./remix-internals.server";
import { pathOf } from "./request-path.server";
import { requestGate } from "./request-gate.server";
import { requestTelemetry } from "./request-telemetry.server";
import { routeTemplates } from "./route-template.server";

const SERVER_ERROR = errorScreenFor(500, false);

export function createApp(build: AppBuild, lifecycle: Lifecycle, mode: string): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestTelemetry(routeTemplates(build)));
  app.use(healthRoutes(lifecycle));
  app.use(build.publicPath, buildFiles(build.assetsBuildDirectory));
  app.use(requestGate({ buildVersion: build.assets.version, methodsOf: allowedMethods(build.routes) }));
  app.use(compression());
  const publicFiles = express.static("public", { maxAge: "1h" });
  // The build's files are answered above only; a path there naming none is the product's 404.
  app.use((req, res, next) =>
    pathOf(req).startsWith(build.publicPath) ? next() : publicFiles(req, res, next),
  );
  app.all("*", remixHandler(build, mode));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logError(error, "request failed outside Remix");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(500)
      .type("html")
      .set("Cache-Control", "no-store")
      .send(
        plainPage(
          SERVER_ERROR.title,
          SERVER_ERROR.message,
          currentRequestScope()?.id ?? "",
          brandFor(req.headers.host, appConfig().fixedBrandId),
        ),
      );
  });
  return app;
}
