// A local node:http server that answers as a test tells it: the one way unit tests run the upstream
// client against real HTTP (client.test.ts, write-once.test.ts, error-mapping.test.ts).

import http from "node:http";
import type { AddressInfo } from "node:net";

/** Handles one request once its whole body has been read. */
export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;

export interface FakeUpstream {
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startFakeUpstream(handle: FakeHandler): Promise<FakeUpstream> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer (or a string as is, or no body) with Content-Length. */
export function answer(
  status: number,
  body?: unknown,
  headers: Record<string, string | string[]> = {},
): FakeHandler {
  return (_req, res) => {
    const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}
