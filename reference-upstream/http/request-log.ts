// The reference upstream's log: JSON lines (pino) in the app's shape, one per request, carrying the
// request id the app sent, so a user's お問い合わせ番号 finds both sides of a request.

import type http from "node:http";
import pino, { type DestinationStream, type Logger } from "pino";
import { REQUEST_ID_HEADER, requestIdFrom } from "../../app/domain/request-id";
import type { UpstreamConfig } from "../config";

/** Request lines only when logging is on (UPSTREAM_LOG); an unexpected error is written either way. */
export function createUpstreamLogger(config: Pick<UpstreamConfig, "log" | "logTo">): Logger {
  const options: pino.LoggerOptions = {
    level: config.log ? "info" : "error",
    base: { service: "sakidori-reference-upstream" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return config.logTo ? pino(options, config.logTo as DestinationStream) : pino(options);
}

export interface RequestTrail {
  readonly id: string;
  /** The matched route's template (`/api/entries/:id/`), "unmatched" until a route matches. */
  route: string;
}

/**
 * Starts a request's trail: its id (the app's X-Request-ID when a short token, else a new one),
 * answered in X-Request-ID, and its one line written when the answer ends or the client goes away.
 */
export function beginRequest(
  logger: Logger,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): RequestTrail {
  const started = performance.now();
  const trail: RequestTrail = {
    id: requestIdFrom(req.headers[REQUEST_ID_HEADER.toLowerCase()]),
    route: "unmatched",
  };
  res.setHeader(REQUEST_ID_HEADER, trail.id);
  res.once("close", () => {
    const line = {
      request_id: trail.id,
      method: req.method,
      route: trail.route,
      status: res.statusCode,
      duration_ms: Math.round(performance.now() - started),
      // The client went away before the whole answer was sent.
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (res.statusCode >= 500) logger.warn(line, "request");
    else logger.info(line, "request");
  });
  return trail;
}
