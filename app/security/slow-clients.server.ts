// A body that stops coming is cut, but no limit on the whole request (decision 0021). Only time spent
// waiting for the client counts, not while the server holds the body back or awaits the upstream.

import type http from "node:http";

/** 1/60 of a 128 kbps line: below it a client holds a connection without sending a file. */
export const MIN_BODY_BYTES_PER_SECOND = 256;

const CHECKS_PER_TIMEOUT = 6;

export interface SlowClientLimits {
  idleTimeoutMs: number;
}

const served = new WeakSet<http.Server>();

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

/** Progress from the socket's byte count, so the watch never reads the body itself. */
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
