// A body must keep coming at a floor rate over a window, with no limit on the whole request (decision
// 0021); only time spent waiting for the client counts, never the server's own waits.

import type http from "node:http";

/** The window is looked at this often: a body too slow is closed within a window and a sixth. */
const TICKS_PER_WINDOW = 6;

export interface SlowClientLimits {
  /** How long the rate is averaged over, counting only the time spent waiting for the client. */
  windowMs: number;
  minBytesPerSecond: number;
  /** Told of each connection closed for a body too slow. */
  onCut?: () => void;
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
  const tickMs = Math.max(1, Math.floor(limits.windowMs / TICKS_PER_WINDOW));
  const enough = Math.ceil((limits.minBytesPerSecond * tickMs * TICKS_PER_WINDOW) / 1000);
  // Bytes that came in each of the last ticks spent waiting for the client.
  const recent: number[] = [];
  let bytesBefore = socket.bytesRead;
  // Looked at on a timer only (no listener on the socket: a kept-alive one carries many requests).
  const check = setInterval(() => {
    if (req.complete || socket.destroyed) return clearInterval(check);
    // Waiting for the client: the body is being read (not held back), or the answer is out already.
    // Bytes that came while it was held back count in the next tick that waits.
    if (req.readableFlowing !== true && !res.writableEnded) return;
    recent.push(socket.bytesRead - bytesBefore);
    bytesBefore = socket.bytesRead;
    if (recent.length > TICKS_PER_WINDOW) recent.shift();
    if (recent.length < TICKS_PER_WINDOW) return;
    if (recent.reduce((sum, bytes) => sum + bytes, 0) >= enough) return;
    clearInterval(check);
    socket.destroy();
    limits.onCut?.();
  }, tickMs);
  check.unref();
}
