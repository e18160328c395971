// Issue 11 item 1: "In Redis when REDIS_URL is set, so every replica shares one count." A real
// redis-server (Debian's, installed by scripts/ensure-test-tools.ts) on a free loopback port; two
// replicas are two stores in turn (each a connection of its own, as two processes would have).

import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FREE_LOGIN_FAILURES,
  RATE_LIMITS,
  limitLoginAttempt,
  recordLoginFailure,
  resetRateLimits,
} from "~/security/rate-limit.server";
import { findFreePort, waitForTcp } from "../../scripts/ports";

let redis: ChildProcess;

beforeAll(async () => {
  const port = await findFreePort();
  redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  await waitForTcp("127.0.0.1", port, 10_000);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  await resetRateLimits();
});

afterAll(async () => {
  await resetRateLimits();
  delete process.env.REDIS_URL;
  redis?.kill();
});

/** Another replica: the same Redis through a connection of its own. */
const nextReplica = () => resetRateLimits();

describe("rate limits in Redis: one count for every replica", () => {
  it("an address's posts count across replicas: half on one, half on the other, then refused on both", async () => {
    const half = RATE_LIMITS.address.points / 2;
    for (let i = 0; i < half; i++)
      expect((await limitLoginAttempt(`x${i}@example.com`, "10.9.0.1")).allowed).toBe(true);
    await nextReplica();
    for (let i = 0; i < half; i++)
      expect((await limitLoginAttempt(`y${i}@example.com`, "10.9.0.1")).allowed).toBe(true);
    expect((await limitLoginAttempt("z@example.com", "10.9.0.1")).allowed).toBe(false);
    await nextReplica();
    expect((await limitLoginAttempt("z@example.com", "10.9.0.1")).allowed).toBe(false);
    expect((await limitLoginAttempt("z@example.com", "10.9.0.2")).allowed).toBe(true);
  });

  it("an account's failures on one replica make it wait on the other", async () => {
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) await recordLoginFailure("shared@example.com");
    await nextReplica();
    const waiting = await limitLoginAttempt("shared@example.com", "10.9.1.1");
    expect(waiting.allowed).toBe(false);
  });
});
