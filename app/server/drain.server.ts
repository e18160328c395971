// Stopping an HTTP server without cutting a request, for the app and the reference upstream alike: it
// stops listening (a new connection is refused), every answer from then on says `Connection: close`
// (so a client or balancer sends nothing more on it), idle kept-alive connections are closed, and the
// requests under way, slow uploads included, get a grace period to finish before what is left is cut.

import type http from "node:http";

/** How often connections that went idle after an answer sent before the stop are looked for. */
const IDLE_SWEEP_MS = 100;

export interface Drainable {
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * Stops listening and waits until every connection has closed, at most `graceMs`, then closes the
   * rest. Answers how many requests were cut (0: all finished). Again, it answers the first call's.
   */
  drain(graceMs: number): Promise<number>;
}

/** Installed when the server is created, so every request is counted. */
export function drainable(server: http.Server): Drainable {
  const answering = new Set<http.ServerResponse>();
  let draining: Promise<number> | null = null;
  // First among the request listeners: the answer may be written before the others run.
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    answering.add(res);
    res.once("close", () => answering.delete(res));
    if (draining) lastOnItsConnection(res);
  });
  return {
    get inFlight() {
      return answering.size;
    },
    drain(graceMs) {
      draining ??= (async () => {
        for (const res of answering) lastOnItsConnection(res);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // close() ends the connections idle now; an answer whose headers were out before the stop
        // leaves its connection open and idle once done.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          closed.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false))),
        ]);
        clearInterval(sweep);
        clearTimeout(timer);
        if (drained) return 0;
        const cut = answering.size;
        server.closeAllConnections();
        return cut;
      })();
      return draining;
    },
  };
}

/** Node closes the connection once this answer is sent. Too late once its headers are out. */
function lastOnItsConnection(res: http.ServerResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
}
