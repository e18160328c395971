import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerBuildMetadata } from "~/server/build-version.server";

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (answerBuildMetadata(req, res, "0716a370")) return;
    res.writeHead(404).end("other");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("§7 builds/latest.json: the server's own build version", () => {
  it("answers the version, never from a cache", async () => {
    const response = await fetch(`${base}/builds/latest.json?t=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toEqual({ version: "0716a370" });
  });
  it("leaves every other request alone", async () => {
    expect((await fetch(`${base}/builds/other.json`)).status).toBe(404);
    expect((await fetch(`${base}/builds/latest.json`, { method: "POST" })).status).toBe(404);
  });
});
