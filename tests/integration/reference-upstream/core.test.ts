import { describe, expect, it } from "vitest";
import { configFromEnvironment } from "../../../reference-upstream/config";
import { useTestUpstream } from "./harness";

describe("reference upstream core", () => {
  const upstream = useTestUpstream();

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

  it.each(["0", "-1", "1.5", "200MB"])(
    "refuses to start with UPLOAD_QUOTA_MB=%j, naming the variable",
    (value) => {
      expect(() => configFromEnvironment(env({ UPLOAD_QUOTA_MB: value }))).toThrow(/UPLOAD_QUOTA_MB/);
      expect(() => configFromEnvironment(env({ UPLOAD_FILES_PER_DAY: value }))).toThrow(
        /UPLOAD_FILES_PER_DAY/,
      );
    },
  );
});

describe("the upstream's settings, checked as the app's are", () => {
  const env = (variables: Record<string, string>) =>
    ({ NODE_ENV: "test", ...variables }) as NodeJS.ProcessEnv;
  const refusal = (variables: Record<string, string>) => {
    try {
      configFromEnvironment(env(variables));
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(variables)}`);
  };

  it("a wrong value stops the start with one line naming the variable and what it expects", () => {
    expect(refusal({ UPSTREAM_PORT: "abc" })).toBe(
      'Setting UPSTREAM_PORT: expected a port number from 1 to 65535, got "abc".',
    );
    expect(refusal({ UPSTREAM_HOST: "http://127.0.0.1" })).toMatch(/^Setting UPSTREAM_HOST: expected /);
    expect(refusal({ APP_BASE_URL: "localhost:3000" })).toMatch(/^Setting APP_BASE_URL: expected http/);
    expect(refusal({ WHITE_LABEL_BASE_URL: "midori" })).toMatch(/^Setting WHITE_LABEL_BASE_URL: /);
    expect(refusal({ SEED_DEMO: "no" })).toBe('Setting SEED_DEMO: expected true or false, got "no".');
    expect(refusal({ UPSTREAM_LOG: "off" })).toMatch(/^Setting UPSTREAM_LOG: expected true or false/);
    expect(refusal({ BODY_RATE_WINDOW_MS: "1m" })).toMatch(/^Setting BODY_RATE_WINDOW_MS: /);
    expect(refusal({ BODY_MIN_BYTES_PER_SECOND: "2k" })).toMatch(/^Setting BODY_MIN_BYTES_PER_SECOND: /);
    expect(refusal({ BODY_IDLE_TIMEOUT_MS: "60000" })).toBe(
      'Setting BODY_IDLE_TIMEOUT_MS: expected unset (it became BODY_RATE_WINDOW_MS and BODY_MIN_BYTES_PER_SECOND), got "60000".',
    );
  });

  it("unset, empty or only spaces: the defaults", () => {
    const blanks: Record<string, string>[] = [
      {},
      { UPSTREAM_PORT: "", SEED_DEMO: " ", UPLOAD_QUOTA_MB: " " },
    ];
    for (const blank of blanks) {
      const config = configFromEnvironment(env(blank));
      expect(config).toMatchObject({
        host: "127.0.0.1",
        port: 8787,
        seedDemo: true,
        log: true,
        appBaseUrl: "http://localhost:3000",
        uploadQuota: { maxBytes: 200 * 1024 * 1024 },
      });
    }
    const white = configFromEnvironment(env({ WHITE_LABEL_BASE_URL: "https://midori.example.jp/" }));
    expect(white.services.find((service) => service.id === "midori")?.login_url).toBe(
      "https://midori.example.jp/login",
    );
  });
});
