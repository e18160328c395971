// Starts the app's server and stops it without losing a request (docs/decisions/0025): at SIGTERM
// readiness fails, the listener closes, requests in flight (uploads too) get SHUTDOWN_GRACE_MS to
// finish, then the process exits. A process-group signal arrives more than once: stopping runs once.

import http from "node:http";
import { type ServerBuild, broadcastDevReady, installGlobals } from "@remix-run/node";
import { appConfig } from "~/request/config.server";
import { serveSlowClients } from "~/security/slow-clients.server";
import { closeRedis } from "~/store/redis.server";
import { configureLogger, logger } from "~/telemetry/logger.server";
import { createApp } from "./app.server";
import { createMetricsServer } from "./metrics-server.server";

function listen(server: http.Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export async function startServer(build: ServerBuild): Promise<void> {
  const config = appConfig();
  // Remix's fetch globals, as remix-serve installed them (native ones only with single fetch).
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  configureLogger({ level: config.logLevel, pretty: !config.production });
  const lifecycle = { shuttingDown: false };
  const app = createApp(build, lifecycle, config.production ? "production" : "development");
  const server = http.createServer(app);
  serveSlowClients(server, { idleTimeoutMs: config.bodyIdleTimeoutMs });
  let inFlight = 0;
  server.on("request", (_req, res: http.ServerResponse) => {
    inFlight += 1;
    res.once("close", () => (inFlight -= 1));
  });
  await listen(server, config.port, config.host);
  const metrics = config.metricsPort === undefined ? null : createMetricsServer();
  if (metrics) await listen(metrics, config.metricsPort!, config.host);
  logger().info({ port: config.port, metrics_port: config.metricsPort }, "listening");
  if (!config.production) void broadcastDevReady(build);

  let stopping: Promise<void> | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stopping ??= (async () => {
      lifecycle.shuttingDown = true;
      const started = performance.now();
      logger().info({ signal, in_flight: inFlight, grace_ms: config.shutdownGraceMs }, "shutting down");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive connections would hold close() open; busy ones close after their answer.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        closed.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(resolve, config.shutdownGraceMs, false))),
      ]);
      clearInterval(sweep);
      clearTimeout(timer);
      if (!drained) server.closeAllConnections();
      metrics?.close();
      await closeRedis();
      const fields = { drain_ms: Math.round(performance.now() - started), cut: drained ? 0 : inFlight };
      if (drained) logger().info(fields, "stopped");
      else logger().error(fields, "stopped with requests cut at the end of the grace period");
      process.exit(drained ? 0 : 1);
    })();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
