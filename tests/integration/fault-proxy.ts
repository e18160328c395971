// A fault-injecting proxy (node:http) in front of the test's reference upstream, for calling the app
// against an upstream that breaks, or for noting the calls it makes: everything is forwarded unless a
// fault is set, and a fault touches only the requests of one upstream session (the victim's), so other
// users go on being served. It can also stop listening (connection refused) and listen again on the
// same port.

import http from "node:http";
import type { AddressInfo } from "node:net";

/** Handles a victim's request instead of the upstream when it returns true. */
export type Fault = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export interface FaultProxy {
  readonly url: string;
  /** The fault for requests carrying `sessionid`, or none (everything forwarded). */
  setFault(sessionid: string | null, fault: Fault | null): void;
  /** Stops listening: every connection is refused until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

function sessionOf(req: http.IncomingMessage): string | null {
  const match = /(?:^|;\s*)sessionid=([^;]+)/.exec(req.headers.cookie ?? "");
  return match ? match[1]! : null;
}

/** Passes one request on to the upstream and its answer back. */
export function forward(upstreamUrl: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const target = new URL(req.url ?? "/", upstreamUrl);
  const outgoing = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on("error", () => req.socket.destroy());
  // A body broken off (its sender gone) is broken off upstream too, as a proxy does.
  req.once("close", () => {
    if (!req.complete) outgoing.destroy();
  });
  req.pipe(outgoing);
}

/** Sees each request as it reaches the proxy (to note the calls the app made). */
export type RequestWatcher = (req: http.IncomingMessage) => void;

export async function startFaultProxy(upstreamUrl: string, watch?: RequestWatcher): Promise<FaultProxy> {
  let victim: string | null = null;
  let fault: Fault | null = null;
  const server = http.createServer((req, res) => {
    watch?.(req);
    if (fault && victim && sessionOf(req) === victim && fault(req, res)) return;
    forward(upstreamUrl, req, res);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    setFault(sessionid, next) {
      victim = sessionid;
      fault = next;
    },
    down: stop,
    up: () => (server.listening ? Promise.resolve() : listen(port)),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
