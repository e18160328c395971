// The first thing every request meets: its id, its scope, and at its end one log line and a histogram.

import type http from "node:http";
import { REQUEST_ID_HEADER, requestIdFrom } from "~/domain/request-id";
import { logger } from "~/telemetry/logger.server";
import { httpServerDuration } from "~/telemetry/metrics.server";
import { newRequestScope, runInRequestScope } from "~/telemetry/request-scope.server";
import { pathOf } from "~/server/request-path.server";
import { HEALTH_PATH, READY_PATH } from "./health.server";

export const PROBE_PATHS = new Set([HEALTH_PATH, READY_PATH]);

/** The methods OpenTelemetry names; any other is `_OTHER` in a metric label, so methods stay a bounded set. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "CONNECT",
  "OPTIONS",
  "TRACE",
  "PATCH",
]);

export const methodLabelOf = (method: string): string => (KNOWN_METHODS.has(method) ? method : "_OTHER");

export function requestTelemetry(routeOf: (path: string) => string) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    const started = performance.now();
    // As asked: the gate may route a method nothing serves to the error screen as a GET.
    const method = req.method ?? "GET";
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    // The app's code reads the id from its scope; the header is replaced so nothing reads the raw one.
    req.headers[REQUEST_ID_HEADER.toLowerCase()] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const path = pathOf(req);
    const probe = PROBE_PATHS.has(path);
    const scope = newRequestScope(id, probe ? path : routeOf(path));
    res.once("close", () => {
      const durationMs = performance.now() - started;
      const status = res.statusCode;
      const line = {
        request_id: id,
        method,
        route: scope.route,
        status,
        duration_ms: Math.round(durationMs),
        upstream_calls: scope.upstreamCalls,
        upstream_ms: Math.round(scope.upstreamMs),
        ...(scope.bytesIn > 0 ? { bytes_in: scope.bytesIn } : {}),
        ...(scope.user ? { user: scope.user } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (probe) {
        logger().debug(line, "request");
        return;
      }
      if (status >= 500) logger().warn(line, "request");
      else logger().info(line, "request");
      httpServerDuration.observe(
        {
          http_request_method: methodLabelOf(method),
          http_route: scope.route,
          http_response_status_code: String(status),
        },
        durationMs / 1000,
      );
    });
    runInRequestScope(scope, next);
  };
}
