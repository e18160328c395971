// "In Redis when REDIS_URL is set, so every replica shares one count", wrong passwords of all accounts
// included, and a Redis that hangs never holds up a login: the limits' Redis work has one deadline for
// the whole check, then counts in memory, logging once until Redis answers again. A real redis-server (Debian's, installed by
// scripts/ensure-test-tools.ts) on a free loopback port; two replicas are two stores in turn (each a
// connection of its own, as two processes would have); a hung Redis is that server SIGSTOPped.

import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "~/routes/_anonymous.login/route";
import {
  RATE_LIMITS,
  limitFormAttempt,
  limitLoginAttempt,
  newBrowsersSlowedNow,
  resetRateLimits,
} from "~/security/rate-limit.server";
import { findFreePort, waitForTcp } from "../../scripts/ports";
import { formPost } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { PASSWORD, insertUser, uniqueEmail } from "./reference-upstream/accounts-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";
import { logger } from "~/telemetry/logger.server";

const upstream = useTestUpstream();
let redis: ChildProcess;

beforeAll(async () => {
  const port = await findFreePort();
  redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await waitForTcp("127.0.0.1", port, 10_000);
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  await resetRateLimits();
});

afterAll(async () => {
  await resetRateLimits();
  delete process.env.REDIS_URL;
  redis?.kill("SIGCONT");
  redis?.kill();
});

/** Another replica: the same Redis through a connection of its own. */
const nextReplica = () => resetRateLimits();

const newBrowser = (account: string) => ({ account, device: null });

function login(fields: Record<string, string>, clientAddress: string, cookie = ""): Promise<Response> {
  return callRoute(loginAction, formPost("/login", cookie, fields, clientAddress));
}

describe("rate limits in Redis: one count for every replica", () => {
  it("an address's posts count across replicas: half on one, half on the other, then refused on both", async () => {
    const half = RATE_LIMITS.address.points / 2;
    for (let i = 0; i < half; i++)
      expect((await limitLoginAttempt(newBrowser(`x${i}`), "10.9.0.1")).allowed).toBe(true);
    await nextReplica();
    for (let i = 0; i < half; i++)
      expect((await limitLoginAttempt(newBrowser(`y${i}`), "10.9.0.1")).allowed).toBe(true);
    expect((await limitLoginAttempt(newBrowser("z"), "10.9.0.1")).allowed).toBe(false);
    await nextReplica();
    expect((await limitLoginAttempt(newBrowser("z"), "10.9.0.1")).allowed).toBe(false);
    expect((await limitLoginAttempt(newBrowser("z"), "10.9.0.2")).allowed).toBe(true);
  });

  it("an account's wrong passwords from new browsers fill one bucket across replicas, exactly", async () => {
    const half = RATE_LIMITS.login.points / 2;
    for (let i = 0; i < half; i++)
      expect((await limitLoginAttempt(newBrowser("shared"), `10.9.1.${i}`)).allowed).toBe(true);
    await nextReplica();
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limitLoginAttempt(newBrowser("shared"), `10.9.2.${i}`)),
    );
    expect(tries.filter((result) => result.allowed)).toHaveLength(half);
    // The owner's known browser is not held back; a try taken back frees its place on any replica.
    const owner = await limitLoginAttempt({ account: "shared", device: "owners-browser" }, "10.9.3.1");
    expect(owner.allowed).toBe(true);
    await nextReplica();
    await owner.takeBack();
  });
});

describe("a hung Redis (SIGSTOP): logins go on", () => {
  afterEach(() => {
    redis.kill("SIGCONT");
  });

  it("every login answers while Redis is stopped, counted in memory, the outage logged once; shared again once Redis answers", async () => {
    const email = uniqueEmail("redis-stopped");
    await insertUser(upstream.db, { email });
    await nextReplica();
    // Connected and counting in Redis first.
    expect((await limitFormAttempt("register", "before@example.com", "10.8.0.1")).allowed).toBe(true);
    const logged = vi.spyOn(logger(), "error").mockImplementation(() => undefined);
    const recovered = vi.spyOn(logger(), "info").mockImplementation(() => undefined);
    const said = (calls: unknown[][], start: string) =>
      calls.filter((args) => args.some((arg) => typeof arg === "string" && arg.startsWith(start)));
    try {
      redis.kill("SIGSTOP");
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const response = await login({ email, password: PASSWORD }, `10.8.1.${i}`);
        times.push(Math.round(performance.now() - started));
        expect(response.status).toBe(302);
      }
      // A wrong password is still limited meanwhile, in this process's memory.
      const wrong = await login({ email, password: "wrong-password-1" }, "10.8.2.1");
      expect(wrong.status).toBe(401);
      console.log(`[redis stopped] login post times: ${times.join(", ")} ms`);
      const outage = said(logged.mock.calls, "redis:");
      expect(outage).toHaveLength(1);
      expect(outage[0]!.join(" ")).toContain("in this process's memory");

      redis.kill("SIGCONT");
      // Redis answers again: a later check notices it (in the background) and says so, once.
      await vi.waitFor(
        async () => {
          await limitFormAttempt("register", "after@example.com", "10.8.3.1");
          expect(said(recovered.mock.calls, "redis: answers again")).toHaveLength(1);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      logged.mockRestore();
      recovered.mockRestore();
    }
    // Counts are shared through Redis again: what one replica counts, the next one sees.
    for (let i = 0; i < RATE_LIMITS.address.points; i++) {
      await limitFormAttempt("register", `a${i}@example.com`, "10.8.4.1");
    }
    await nextReplica();
    expect((await limitFormAttempt("register", "last@example.com", "10.8.4.1")).allowed).toBe(false);
  });
});

describe("credential stuffing: wrong passwords of all accounts, counted once for every replica", () => {
  let pairsSent = 0;

  /** Leaked e-mail/password pairs to this replica, each from an address of its own, a few at once. */
  async function stuffed(count: number): Promise<number[]> {
    const statuses: number[] = [];
    let started = 0;
    const sender = async () => {
      while (started < count) {
        started++;
        const n = pairsSent++;
        const answer = await login(
          { email: uniqueEmail(`leaked-${n}`), password: "leaked-password-1" },
          `10.7.${Math.floor(n / 250)}.${1 + (n % 250)}`,
        );
        statuses.push(answer.status);
      }
    };
    await Promise.all(Array.from({ length: 4 }, sender));
    return statuses;
  }
  const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length;

  it("half the threshold on one replica, half on another: new browsers are slowed on a third, one bucket for all; a known browser goes on", async () => {
    const threshold = RATE_LIMITS.stuffingFailedLogins.points;
    const share = RATE_LIMITS.stuffingNewBrowserLogins.points;
    await nextReplica();
    const owner = uniqueEmail("stuffing-owner");
    await insertUser(upstream.db, { email: owner });
    const ownerLogin = await login({ email: owner, password: PASSWORD }, "10.6.0.1");
    expect(ownerLogin.status).toBe(302);
    const ownerBrowser = ownerLogin.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .filter((pair) => pair.startsWith("__sakidori_device="))
      .join("; ");

    expect(count(await stuffed(threshold / 2), 401)).toBe(threshold / 2);
    await nextReplica();
    expect(count(await stuffed(threshold / 2), 401)).toBe(threshold / 2);

    await nextReplica();
    const slowed = await stuffed(2 * share);
    expect(count(slowed, 401)).toBe(share);
    expect(count(slowed, 429)).toBe(share);
    await nextReplica();
    expect(await stuffed(1)).toEqual([429]);
    expect(await newBrowsersSlowedNow()).toBe(true);
    expect((await login({ email: owner, password: PASSWORD }, "10.6.0.1", ownerBrowser)).status).toBe(302);
  });
});
