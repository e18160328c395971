// A body as slow as a capped plan's line arrives whole, one that stops coming or trickles is cut, and
// the server's own waits are never charged to the client (decision 0021). The floor is the real one,
// the time scaled down: a window of 400 ms stands for 30 s, and a server built with a 1 s limit on the
// whole request stands for Node's 300 s.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BODY_MIN_BYTES_PER_SECOND } from "~/domain/settings";
import { serveSlowClients } from "~/security/slow-clients.server";

const WINDOW_MS = 400;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
/** Connections the watch closed for a body too slow. */
let cuts = 0;

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
  serveSlowClients(server, {
    windowMs: WINDOW_MS,
    minBytesPerSecond: DEFAULT_BODY_MIN_BYTES_PER_SECOND,
    onCut: () => (cuts += 1),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

type Outcome = { status: number; body: string } | { closed: true };

/**
 * Posts `size` bytes, `chunk` bytes every `everyMs` (a slow line), or all at once without everyMs; a
 * body given `stopAfter` stops there (the client goes silent, its connection left open), one given
 * `pause` goes silent for a while once that many bytes are sent.
 */
function post(
  port: number,
  size: number,
  pace: {
    chunk?: number;
    everyMs?: number;
    stopAfter?: number;
    pause?: { after: number; forMs: number };
  } = {},
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
    let silentUntil = 0;
    const writer = setInterval(() => {
      if (request.destroyed) return clearInterval(writer);
      if (pace.pause && silentUntil === 0 && sent >= pace.pause.after)
        silentUntil = Date.now() + pace.pause.forMs;
      if (Date.now() < silentUntil) return;
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

  it("a connection whose body stops coming for a window is closed", async () => {
    const port = await startServer(countBytes);
    const before = cuts;
    expect(await post(port, 64 * 1024, { stopAfter: 16 * 1024 })).toEqual({ closed: true });
    expect(cuts - before).toBe(1);
  });

  it("a body that trickles in a byte at a time (20 bytes a second) is closed", async () => {
    const port = await startServer(countBytes);
    expect(await post(port, 4 * 1024, { chunk: 1, everyMs: 50 })).toEqual({ closed: true });
  });

  it(`a body trickling at 300 bytes a second, above the old idle floor (256) but under the rate floor (${DEFAULT_BODY_MIN_BYTES_PER_SECOND}), is closed`, async () => {
    const port = await startServer(countBytes);
    // 15 bytes every 50 ms: 4 s for the whole body, ten windows, were it never cut.
    expect(await post(port, 1_200, { chunk: 15, everyMs: 50 })).toEqual({ closed: true });
  });

  it("a 128 kbps line shared by three uploads at once (about 5.3 KB/s each) arrives whole", async () => {
    const port = await startServer(countBytes);
    const size = 12 * 1024;
    // 266 bytes every 50 ms: 5.3 KB/s, 2.3 s in all.
    expect(await post(port, size, { chunk: 266, everyMs: 50 })).toEqual({ status: 200, body: String(size) });
  });

  it("a 128 kbps line that stops for half a window (a train in a tunnel) arrives whole", async () => {
    const port = await startServer(countBytes);
    const size = 24 * 1024;
    // 800 bytes every 50 ms (16 KB/s), silent for 200 ms after its first 8 KiB.
    const pause = { after: 8 * 1024, forMs: WINDOW_MS / 2 };
    expect(await post(port, size, { chunk: 800, everyMs: 50, pause })).toEqual({
      status: 200,
      body: String(size),
    });
  });

  it("the server's own wait once the body is in (the upstream answering slowly) is never cut", async () => {
    const port = await startServer((req, res) => {
      req.resume();
      // The upstream's answer comes three windows after the body.
      req.on("end", () => setTimeout(() => res.end("stored"), 3 * WINDOW_MS));
    });
    expect(await post(port, 64 * 1024)).toEqual({ status: 200, body: "stored" });
  });

  it("while the server holds the body back (the upstream reading slowly) the wait is not the client's", async () => {
    const port = await startServer((req, res) => {
      req.once("data", (first: Buffer) => {
        let size = first.length;
        req.pause();
        // The upstream takes three windows to read on.
        setTimeout(() => {
          req.on("data", (chunk: Buffer) => (size += chunk.length));
          req.on("end", () => res.end(String(size)));
          req.resume();
        }, 3 * WINDOW_MS);
      });
    });
    expect(await post(port, 512 * 1024)).toEqual({ status: 200, body: String(512 * 1024) });
  });
});
