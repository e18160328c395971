// How long a server waits for a request's body (decision 0021), for the app (installed by the request
// gate) and the reference upstream alike. Node's default `requestTimeout` (300 s for the whole request)
// cut every file over ~4.7 MiB sent on a 128 kbps line; so there is no limit on the whole request, and
// a body that stops coming is cut instead.
//
// Stopped means: less than MIN_BODY_BYTES_PER_SECOND arrived over `idleTimeoutMs` during which the
// server was waiting for the client. Only that time counts: not while the server holds the body back
// (its reader is busy, or the upstream it streams to reads slowly), and not once the body is in (the
// server's own wait for the upstream's answer, which a socket idle timeout would cut).

import type http from "node:http";

/**
 * The slowest a body may come and still be a body being sent: 1/60 of a 128 kbps line (16,000 B/s).
 * Below it a client holds a connection (and the upstream's, for a streamed upload) without sending a file.
 */
export const MIN_BODY_BYTES_PER_SECOND = 256;

/** How often a body's progress is looked at within one idle timeout: a stop is cut within 1 + 1/6 of it. */
const CHECKS_PER_TIMEOUT = 6;

export interface SlowClientLimits {
  /** How long a body may bring less than MIN_BODY_BYTES_PER_SECOND before its connection is closed. */
  idleTimeoutMs: number;
}

const served = new WeakSet<http.Server>();

/**
 * Lifts the server's limit on a whole request and closes a connection whose body stopped coming. Once
 * per server; before it listens or after.
 */
export function serveSlowClients(server: http.Server, limits: SlowClientLimits): void {
  if (served.has(server)) return;
  served.add(server);
  server.requestTimeout = 0;
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => watchBody(req, res, limits));
}

function hasBody(req: http.IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length.trim() !== "0";
}

/**
 * Watches one request until its body is in or its connection closes. Progress is read from the
 * socket's byte count, so the watch never reads (or starts) the body itself. A body that came with
 * its headers (most forms) is in by the next turn of the event loop: no watch for it.
 */
function watchBody(req: http.IncomingMessage, res: http.ServerResponse, limits: SlowClientLimits): void {
  if (req.complete || !hasBody(req)) return;
  setImmediate(() => {
    if (!req.complete && !req.socket.destroyed) startWatch(req, res, limits);
  });
}

function startWatch(req: http.IncomingMessage, res: http.ServerResponse, limits: SlowClientLimits): void {
  const socket = req.socket;
  const checkMs = Math.max(1, Math.floor(limits.idleTimeoutMs / CHECKS_PER_TIMEOUT));
  const enough = Math.ceil((MIN_BODY_BYTES_PER_SECOND * limits.idleTimeoutMs) / 1000);
  let counted = 0;
  let bytesAtStart = socket.bytesRead;
  // Looked at on a timer only (no listener on the socket: a kept-alive one carries many requests).
  const check = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(check);
    if (socket.bytesRead - bytesAtStart >= enough) {
      counted = 0;
      bytesAtStart = socket.bytesRead;
      return;
    }
    // Waiting for the client: the body is being read (not held back), or the answer is out already.
    if (req.readableFlowing !== true && !res.writableEnded) return;
    counted += checkMs;
    if (counted >= limits.idleTimeoutMs) {
      clearInterval(check);
      socket.destroy();
    }
  }, checkMs);
  check.unref();
}
