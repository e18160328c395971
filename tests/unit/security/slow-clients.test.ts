// A body as slow as a capped plan's line arrives whole, one that stops coming is cut, and the server's
// own waits are never charged to the client (decision 0021). Scaled down: an idle timeout of 400 ms
// stands for 60 s, and a server built with a 1 s limit on the whole request stands for Node's 300 s.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MIN_BODY_BYTES_PER_SECOND, serveSlowClients } from "~/security/slow-clients.server";

const IDLE_MS = 400;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Reads the whole body and answers how many bytes came. */
const countBytes: Handler = (req, res) => {
  let size = 0;
  req.on("data", (chunk: Buffer) => (size += chunk.length));
  req.on("end", () => res.end(String(size)));
};

/**
 * A server built as the app's server builds one (Node's defaults, given here scaled down when asked), then
 * served for slow clients.
 */
async function startServer(handler: Handler, options: http.ServerOptions = {}): Promise<number> {
  const server = http.createServer(options, handler);
  serveSlowClients(server, { idleTimeoutMs: IDLE_MS });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

type Outcome = { status: number; body: string } | { closed: true };

/**
 * Posts `size` bytes, `chunk` bytes every `everyMs` (a slow line), or all at once without everyMs; a
 * body given `stopAfter` stops there (the client goes silent, its connection left open).
 */
function post(
  port: number,
  size: number,
  pace: { chunk?: number; everyMs?: number; stopAfter?: number } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/", headers: { "Content-Length": String(size) } },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", () => resolve({ closed: true }));
      },
    );
    request.on("error", () => resolve({ closed: true }));
    const last = Math.min(size, pace.stopAfter ?? size);
    if (!pace.everyMs) {
      request.write(Buffer.alloc(last, 1));
      if (last === size) request.end();
      return;
    }
    let sent = 0;
    const writer = setInterval(() => {
      if (request.destroyed) return clearInterval(writer);
      const piece = Math.min(pace.chunk ?? 1, last - sent);
      request.write(Buffer.alloc(piece, 1));
      sent += piece;
      if (sent < last) return;
      clearInterval(writer);
      if (sent === size) request.end();
    }, pace.everyMs);
  });
}

describe("a server serving slow clients (decision 0021)", () => {
  it("a body sent slower than the server's old limit on a whole request, but never idle, arrives whole", async () => {
    // Node's requestTimeout, scaled down from 300 s to 1 s (and checked often enough to see it).
    const port = await startServer(countBytes, {
      requestTimeout: 1_000,
      headersTimeout: 1_000,
      connectionsCheckingInterval: 50,
    });
    // 48 KiB at 20 KiB/s: about 2.4 s, well over 1 s, and never a pause.
    expect(await post(port, 48 * 1024, { chunk: 1024, everyMs: 50 })).toEqual({
      status: 200,
      body: String(48 * 1024),
    });
  });

  it("a connection whose body stops coming for longer than the idle timeout is closed", async () => {
    const port = await startServer(countBytes);
    expect(await post(port, 64 * 1024, { stopAfter: 16 * 1024 })).toEqual({ closed: true });
  });

  it(`a body that trickles in below ${MIN_BODY_BYTES_PER_SECOND} bytes a second is closed as stopped`, async () => {
    const port = await startServer(countBytes);
    // One byte every 50 ms: 20 bytes a second, never silent for long, never a file.
    expect(await post(port, 4 * 1024, { chunk: 1, everyMs: 50 })).toEqual({ closed: true });
  });

  it("the server's own wait once the body is in (the upstream answering slowly) is never cut", async () => {
    const port = await startServer((req, res) => {
      req.resume();
      // The upstream's answer comes three idle timeouts after the body.
      req.on("end", () => setTimeout(() => res.end("stored"), 3 * IDLE_MS));
    });
    expect(await post(port, 64 * 1024)).toEqual({ status: 200, body: "stored" });
  });

  it("while the server holds the body back (the upstream reading slowly) the wait is not the client's", async () => {
    const port = await startServer((req, res) => {
      req.once("data", (first: Buffer) => {
        let size = first.length;
        req.pause();
        // The upstream takes three idle timeouts to read on.
        setTimeout(() => {
          req.on("data", (chunk: Buffer) => (size += chunk.length));
          req.on("end", () => res.end(String(size)));
          req.resume();
        }, 3 * IDLE_MS);
      });
    });
    expect(await post(port, 512 * 1024)).toEqual({ status: 200, body: String(512 * 1024) });
  });
});
