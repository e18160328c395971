// Every upstream call carries the request's id (X-Request-ID) and is counted in the request's log
// line: calls made, their total time, and the bytes of an upload passed on.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRequestScope, runInRequestScope } from "~/telemetry/request-scope.server";
import { sendRequest } from "~/upstream/http.server";

const seen: { id: string | undefined; bytes: number }[] = [];
let server: http.Server;
let base: URL;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      seen.push({ id: req.headers["x-request-id"] as string | undefined, bytes });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("an upstream call made while serving a request", () => {
  it("sends the request's id as X-Request-ID and counts itself in the request's scope", async () => {
    const scope = newRequestScope("t-123", "/mypage");
    await runInRequestScope(scope, async () => {
      await sendRequest({ method: "GET", url: new URL("/api/me/", base), headers: {}, timeoutMs: 1000 });
      await sendRequest({ method: "GET", url: new URL("/api/entries/", base), headers: {}, timeoutMs: 1000 });
    });
    expect(seen.slice(-2).map((call) => call.id)).toEqual(["t-123", "t-123"]);
    expect(scope.upstreamCalls).toBe(2);
    expect(scope.upstreamMs).toBeGreaterThan(0);
    expect(scope.bytesIn).toBe(0);
  });

  it("counts the bytes of a streamed upload as the request's bytes in", async () => {
    const scope = newRequestScope("t-upload", "/entry/entry_invoice");
    const parts = [Buffer.alloc(1000, 1), Buffer.alloc(234, 2)];
    await runInRequestScope(scope, () =>
      sendRequest({
        method: "POST",
        url: new URL("/api/uploads/", base),
        headers: { "Content-Length": "1234" },
        body: (async function* () {
          yield* parts;
        })(),
        timeoutMs: 1000,
      }),
    );
    expect(seen.at(-1)).toEqual({ id: "t-upload", bytes: 1234 });
    expect(scope.bytesIn).toBe(1234);
  });

  it("outside a request (start-up, a background check) sends no id", async () => {
    await sendRequest({ method: "GET", url: new URL("/api/health/", base), headers: {}, timeoutMs: 1000 });
    expect(seen.at(-1)?.id).toBeUndefined();
  });
});
