import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestUpstream, startTestUpstream } from "./harness";

describe("reference upstream core", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.dispose());

  it("answers health with the API version", async () => {
    const response = await upstream.client().get("/api/health/");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", version: "2026.11.0" });
  });

  it("answers an unknown path with DRF's 404 detail", async () => {
    const response = await upstream.client().get("/api/nothing-here/");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "見つかりませんでした。" });
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const response = await upstream.client().request("DELETE", "/api/health/");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
