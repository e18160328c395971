import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnvironment } from "../../../reference-upstream/config";
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

describe("the upload quota from the environment (decision 0022)", () => {
  const env = (variables: Record<string, string>) =>
    ({ NODE_ENV: "test", ...variables }) as NodeJS.ProcessEnv;
  it("is 200 MiB in all and 50 files a day unless UPLOAD_QUOTA_MB and UPLOAD_FILES_PER_DAY say otherwise", () => {
    expect(configFromEnvironment(env({})).uploadQuota).toEqual({
      maxBytes: 200 * 1024 * 1024,
      filesPerDay: 50,
    });
    expect(
      configFromEnvironment(env({ UPLOAD_QUOTA_MB: "1024", UPLOAD_FILES_PER_DAY: "7" })).uploadQuota,
    ).toEqual({ maxBytes: 1024 * 1024 * 1024, filesPerDay: 7 });
  });

  it.each(["0", "-1", "1.5", "200MB", " "])(
    "refuses to start with UPLOAD_QUOTA_MB=%j, naming the variable",
    (value) => {
      expect(() => configFromEnvironment(env({ UPLOAD_QUOTA_MB: value }))).toThrow(/UPLOAD_QUOTA_MB/);
      expect(() => configFromEnvironment(env({ UPLOAD_FILES_PER_DAY: value }))).toThrow(
        /UPLOAD_FILES_PER_DAY/,
      );
    },
  );
});
