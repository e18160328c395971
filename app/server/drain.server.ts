// Stopping a server without cutting a request (decision 0025), for the app and the reference upstream.

import type http from "node:http";

const IDLE_SWEEP_MS = 100;

export interface Drainable {
  readonly inFlight: number;
  drain(graceMs: number): Promise<number>;
}

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
        // close() ends only connections idle now; one answered before the stop goes idle later.
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

function lastOnItsConnection(res: http.ServerResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
}
