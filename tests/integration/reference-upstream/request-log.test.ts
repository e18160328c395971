// The reference upstream's side of a request's trail: the app's X-Request-ID is kept (when it is a
// short token), answered back and written in the upstream's one JSON line for the request, so the
// app's log line and the upstream's can be matched.

import { beforeEach, describe, expect, it } from "vitest";
import { Router } from "../../../reference-upstream/http/router";
import { useTestUpstream } from "./harness";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The lines the upstream logged, parsed; each must be one JSON object. */
function captured(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((chunk) =>
    chunk
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

describe("the reference upstream's request log", () => {
  const written: string[] = [];
  const upstream = useTestUpstream({
    overrides: { log: true, logTo: { write: (line: string) => void written.push(line) } },
  });
  beforeEach(() => {
    written.length = 0;
  });

  it("keeps the app's X-Request-ID, answers it back and logs it in one JSON line", async () => {
    const response = await upstream.client().get("/api/health/", { headers: { "X-Request-ID": "t-123" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("t-123");
    const lines = captured(written);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      request_id: "t-123",
      method: "GET",
      route: "/api/health/",
      status: 200,
    });
    expect(new Date(String(lines[0]!.time)).toString()).not.toBe("Invalid Date");
    expect(lines[0]!.duration_ms).toEqual(expect.any(Number));
  });

  it("logs the route template, not the path with its ids", async () => {
    const response = await upstream
      .client()
      .get("/api/entries/4711/", { headers: { "X-Request-ID": "t-124" } });
    expect(response.status).toBe(403);
    const [line] = captured(written);
    expect(line).toMatchObject({ request_id: "t-124", route: "/api/entries/:id/", status: 403 });
    expect(JSON.stringify(line)).not.toContain("4711");
  });

  it("logs a path no route knows as unmatched", async () => {
    await upstream.client().get("/api/nothing-here/12345/", { headers: { "X-Request-ID": "t-125" } });
    const [line] = captured(written);
    expect(line).toMatchObject({ request_id: "t-125", route: "unmatched", status: 404 });
    expect(JSON.stringify(line)).not.toContain("12345");
  });

  it("logs a known path asked with the wrong method under its template", async () => {
    const response = await upstream.client().request("DELETE", "/api/entries/4711/");
    expect(response.status).toBe(405);
    expect(captured(written)).toEqual([expect.objectContaining({ route: "/api/entries/:id/", status: 405 })]);
  });

  it.each([
    ["none", undefined],
    ["one with a space", "t 123"],
    ["one too long", "x".repeat(65)],
    ["one with a quote", 't"123'],
  ])("generates an id when %s is sent, and logs the same", async (_, sent) => {
    const response = await upstream
      .client()
      .get("/api/health/", { headers: sent === undefined ? {} : { "X-Request-ID": sent } });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    expect(captured(written)).toEqual([expect.objectContaining({ request_id: id })]);
  });
});

describe("an unexpected error in the reference upstream", () => {
  const written: string[] = [];
  const router = new Router().add({
    method: "GET",
    path: "/api/broken/:id/",
    auth: "optional",
    handler: () => {
      throw new Error("a bug in a handler");
    },
  });
  const upstream = useTestUpstream({
    router,
    overrides: { log: true, logTo: { write: (line: string) => void written.push(line) } },
  });

  it("is logged once with its stack and the request id, and its request line is a warning", async () => {
    const response = await upstream.client().get("/api/broken/7/", {
      headers: { "X-Request-ID": "t-500" },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("t-500");
    const lines = captured(written);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "error",
      request_id: "t-500",
      route: "/api/broken/:id/",
      err: { message: "a bug in a handler", stack: expect.stringContaining("a bug in a handler") },
    });
    expect(lines[1]).toMatchObject({ level: "warn", request_id: "t-500", status: 500 });
  });
});

describe("the reference upstream with UPSTREAM_LOG=false", () => {
  const written: string[] = [];
  const upstream = useTestUpstream({
    overrides: { log: false, logTo: { write: (line: string) => void written.push(line) } },
  });

  it("writes no line and still answers the request id", async () => {
    const response = await upstream.client().get("/api/health/", { headers: { "X-Request-ID": "t-126" } });
    expect(response.headers.get("x-request-id")).toBe("t-126");
    expect(written).toEqual([]);
  });
});
