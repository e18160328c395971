// /metrics on its own port (METRICS_PORT), never the public one: for the operators' scraper only.

import http from "node:http";
import { registry } from "~/telemetry/metrics.server";
import { pathOf } from "~/server/request-path.server";

export function createMetricsServer(): http.Server {
  return http.createServer((req, res) => {
    if (pathOf(req) !== "/metrics" || req.method !== "GET") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error)),
    );
  });
}
