// Liveness and readiness, as Kubernetes and a load balancer ask them, against the built app and the
// reference upstream (bench/servers.ts; run `npm run build` first). /healthz answers from the process
// alone: 200 with the upstream stopped. /readyz answers 200 only when the upstream's /api/health/ (and
// Redis, when configured) answered within 1 s, else 503 naming what failed; a hung Redis (SIGSTOP) or
// an upstream slower than 1 s counts as failed. Both are `Cache-Control: no-store`, carry no personal
// data, are never rate-limited, and are logged at debug only (an orchestrator asks every few seconds).

import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Servers, startServers } from "../../bench/servers";
import { findFreePort, waitForTcp } from "../../scripts/ports";
import { forward } from "./fault-proxy";

interface Probe {
  status: number;
  cacheControl: string | null;
  body: Record<string, unknown>;
  ms: number;
}

async function probe(url: string): Promise<Probe> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body,
    ms: performance.now() - started,
  };
}

/** The app's log lines (JSON) so far. */
const logLines = (servers: Servers) =>
  servers.appLog.map((line) => JSON.parse(line) as { level: string; route?: string; msg: string });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What a probe's body may hold: a status word and the names of what failed, nothing of anyone. */
function expectNoPersonalData(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(
    Object.keys(body).length === 1 ? ["status"] : ["failed", "status"],
  );
  expect(JSON.stringify(body)).toMatch(/^[{}[\]":,a-z_]*$/);
}

describe("health against the built app (LOG_LEVEL at its default, info)", () => {
  let servers: Servers;

  beforeAll(async () => {
    servers = await startServers({ captureAppLog: true });
  });
  afterAll(() => servers?.stop());

  it("/healthz and /readyz answer 200, uncached, with nothing personal", async () => {
    const live = await probe(`${servers.appUrl}/healthz`);
    expect(live.status).toBe(200);
    expect(live.cacheControl).toBe("no-store");
    expectNoPersonalData(live.body);
    const ready = await probe(`${servers.appUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.cacheControl).toBe("no-store");
    expectNoPersonalData(ready.body);
  });

  it("neither is rate-limited: many calls in a row are all 200", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      statuses.add((await fetch(`${servers.appUrl}/healthz`)).status);
      statuses.add((await fetch(`${servers.appUrl}/readyz`)).status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it("with the upstream stopped, /healthz stays 200 and /readyz is 503 naming the upstream; 200 again once it is back", async () => {
    await servers.stopUpstream();
    try {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const live = await probe(`${servers.appUrl}/healthz`);
        expect(live.status).toBe(200);
        times.push(live.ms);
      }
      console.log(
        `[health] /healthz with the upstream stopped: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length}`,
      );
      const ready = await probe(`${servers.appUrl}/readyz`);
      console.log(`[health] /readyz with the upstream stopped: ${ready.status} in ${ready.ms.toFixed(0)} ms`);
      expect(ready.status).toBe(503);
      expect(ready.cacheControl).toBe("no-store");
      expect(ready.body).toEqual({ status: "not_ready", failed: ["upstream"] });
      expectNoPersonalData(ready.body);
    } finally {
      await servers.restartUpstream();
    }
    expect((await probe(`${servers.appUrl}/readyz`)).status).toBe(200);
  });

  it("no probe is logged at info: the log has the other requests, never /healthz or /readyz", async () => {
    await fetch(`${servers.appUrl}/login`);
    await probe(`${servers.appUrl}/healthz`);
    await probe(`${servers.appUrl}/readyz`);
    await fetch(`${servers.appUrl}/login?after-probes`);
    await expect.poll(() => logLines(servers).filter((line) => line.route === "/login").length).toBe(2);
    expect(servers.appLog.filter((line) => /\/(healthz|readyz)/.test(line))).toEqual([]);
  });
});

describe("health with Redis, an upstream slower than 1 s, and LOG_LEVEL=debug", () => {
  let servers: Servers;
  let redis: ChildProcess;
  let proxy: http.Server;
  /** Where the proxy forwards: the servers' upstream, known once they are started. */
  let upstreamUrl: string | null = null;
  /** While set, the upstream's health answers come this late (a slow upstream). */
  let healthDelayMs: number | null = null;

  beforeAll(async () => {
    const redisPort = await findFreePort();
    redis = spawn(
      "redis-server",
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await waitForTcp("127.0.0.1", redisPort, 10_000);
    proxy = http.createServer((req, res) => {
      if (!upstreamUrl) return void res.writeHead(502).end();
      const target = upstreamUrl;
      if (healthDelayMs !== null && req.url?.startsWith("/api/health/")) {
        setTimeout(() => forward(target, req, res), healthDelayMs);
        return;
      }
      forward(target, req, res);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    servers = await startServers({
      captureAppLog: true,
      appEnv: {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        API_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        LOG_LEVEL: "debug",
      },
    });
    upstreamUrl = servers.upstreamUrl;
  });

  afterAll(async () => {
    redis?.kill("SIGCONT");
    redis?.kill();
    await servers?.stop();
    proxy?.closeAllConnections();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it("ready with Redis answering; a hung Redis is 503 naming redis within about 1 s; 200 again once it answers", async () => {
    expect((await probe(`${servers.appUrl}/readyz`)).status).toBe(200);
    redis.kill("SIGSTOP");
    let hung: Probe;
    try {
      hung = await probe(`${servers.appUrl}/readyz`);
    } finally {
      redis.kill("SIGCONT");
    }
    console.log(`[health] /readyz with Redis stopped: ${hung.status} in ${hung.ms.toFixed(0)} ms`);
    expect(hung.status).toBe(503);
    expect(hung.body).toEqual({ status: "not_ready", failed: ["redis"] });
    expect((await probe(`${servers.appUrl}/healthz`)).status).toBe(200);
    expect((await probe(`${servers.appUrl}/readyz`)).status).toBe(200);
  });

  it("an upstream whose health answer takes 1.5 s is not ready", async () => {
    healthDelayMs = 1_500;
    let slow: Probe;
    try {
      slow = await probe(`${servers.appUrl}/readyz`);
    } finally {
      healthDelayMs = null;
    }
    console.log(
      `[health] /readyz with the upstream answering in 1.5 s: ${slow.status} in ${slow.ms.toFixed(0)} ms`,
    );
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({ status: "not_ready", failed: ["upstream"] });
    expect((await probe(`${servers.appUrl}/readyz`)).status).toBe(200);
  });

  it("at LOG_LEVEL=debug the probes are logged, at debug", async () => {
    await probe(`${servers.appUrl}/healthz`);
    await expect
      .poll(() =>
        logLines(servers)
          .filter((line) => line.route === "/healthz")
          .map((line) => line.level),
      )
      .toContain("debug");
    const probes = logLines(servers).filter((line) => line.route === "/healthz" || line.route === "/readyz");
    expect(new Set(probes.map((line) => line.level))).toEqual(new Set(["debug"]));
  });
});
