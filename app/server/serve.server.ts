// Starts the app's server and stops it without losing a request (decision 0025). A process-group
// signal arrives more than once (from the group and from `npm start`): stopping runs once.

import http from "node:http";
import { appConfig } from "~/settings/config.server";
import { serveSlowClients } from "~/security/slow-clients.server";
import { closeRedis } from "~/store/redis.server";
import { configureLogger, logger } from "~/telemetry/logger.server";
import { rateLimitRefusals } from "~/telemetry/metrics.server";
import { refuseConnect } from "./allowed-methods.server";
import { createApp } from "./app.server";
import { drainable } from "./drain.server";
import { createMetricsServer } from "./metrics-server.server";
import { type AppBuild, announceDevReady, installServerGlobals } from "./remix-internals.server";

function listen(server: http.Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export async function startServer(build: AppBuild): Promise<void> {
  const config = appConfig();
  installServerGlobals(build);
  configureLogger({ level: config.logLevel, pretty: !config.production });
  const lifecycle = { shuttingDown: false };
  const app = createApp(build, lifecycle, config.production ? "production" : "development");
  const server = http.createServer(app);
  refuseConnect(server);
  serveSlowClients(server, {
    windowMs: config.bodyRateWindowMs,
    minBytesPerSecond: config.bodyMinBytesPerSecond,
    onCut: () => rateLimitRefusals.inc({ limit: "body_rate" }),
  });
  const draining = drainable(server);
  const metrics = config.metricsPort === undefined ? null : createMetricsServer();

  let stopping: Promise<void> | null = null;
  const stop = (cause: string) => {
    stopping ??= (async () => {
      lifecycle.shuttingDown = true;
      const started = performance.now();
      logger().info(
        { cause, in_flight: draining.inFlight, grace_ms: config.shutdownGraceMs },
        "shutting down",
      );
      const cut = await draining.drain(config.shutdownGraceMs);
      metrics?.close();
      await closeRedis();
      const fields = { drain_ms: Math.round(performance.now() - started), cut };
      if (cut === 0) logger().info(fields, "stopped");
      else logger().error(fields, "stopped with requests cut at the end of the grace period");
      process.exit(cut === 0 ? 0 : 1);
    })();
  };
  // Before listening: a stop asked for while starting is a stop too, not a kill.
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Started by `npm start` with an IPC channel: it closes when that process ends, however it ended.
  process.on("disconnect", () => stop("parent gone"));

  await listen(server, config.port, config.host);
  if (metrics) await listen(metrics, config.metricsPort!, config.metricsHost);
  logger().info(
    {
      port: config.port,
      host: config.host ?? "all interfaces",
      metrics: metrics ? `${config.metricsHost}:${config.metricsPort}` : "off",
    },
    "listening",
  );
  if (!config.production) announceDevReady(build);
}
