// Issue 11 item 1 (decision 0014): rate limits that cannot be turned against users. Counted per client
// address and per target; on login only an account's failures count, a success resets them, and past
// FREE_LOGIN_FAILURES each failure asks for a longer wait; a flood from one address never blocks
// another address, and there is no count for a whole form.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FREE_LOGIN_FAILURES,
  MAX_LOGIN_DELAY_SECONDS,
  RATE_LIMITS,
  limitFormAttempt,
  limitLoginAttempt,
  loginDelaySeconds,
  recordLoginFailure,
  recordLoginSuccess,
  resetRateLimits,
} from "~/security/rate-limit.server";

beforeEach(() => resetRateLimits());
afterEach(() => resetRateLimits());

const many = async (count: number, attempt: () => Promise<{ allowed: boolean }>) => {
  const results = [];
  for (let i = 0; i < count; i++) results.push(await attempt());
  return results;
};

describe("per client address", () => {
  it("a flood from one address is refused there (429 with a wait), and never blocks another address", async () => {
    const flood = await many(300, () =>
      limitLoginAttempt(`made-up-${Math.random()}@example.com`, "10.0.0.1"),
    );
    expect(flood.filter((result) => result.allowed)).toHaveLength(RATE_LIMITS.address.points);
    const refused = await limitLoginAttempt("someone@example.com", "10.0.0.1");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.address.duration);
    // The rest of the world logs in as usual: no count for the whole form any more.
    expect((await limitLoginAttempt("someone@example.com", "10.0.0.2")).allowed).toBe(true);
    expect((await limitFormAttempt("register", "new@example.com", "10.0.0.3")).allowed).toBe(true);
  });
});

describe("login: failures per account, a success resets them, growing waits", () => {
  it("the delay: none for the first failures, then 2 s doubling up to 15 minutes", () => {
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES - 1)).toBe(0);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES)).toBe(2);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 1)).toBe(4);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 2)).toBe(8);
    expect(loginDelaySeconds(FREE_LOGIN_FAILURES + 40)).toBe(MAX_LOGIN_DELAY_SECONDS);
  });

  it("tries that succeed never count: ten correct logins in a row leave the person free", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await limitLoginAttempt("a@example.com", `10.1.0.${i}`)).allowed).toBe(true);
      await recordLoginSuccess("a@example.com");
    }
    expect((await limitLoginAttempt("a@example.com", "10.1.0.99")).allowed).toBe(true);
  });

  it("past the free failures the account waits, from any address; a success then forgets it all", async () => {
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) {
      expect((await limitLoginAttempt("b@example.com", `10.2.0.${i}`)).allowed).toBe(true);
      await recordLoginFailure("B@Example.com ");
    }
    const waiting = await limitLoginAttempt("b@example.com", "10.2.1.1");
    expect(waiting).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Another account is not touched.
    expect((await limitLoginAttempt("c@example.com", "10.2.1.1")).allowed).toBe(true);
    await recordLoginSuccess("b@example.com");
    expect((await limitLoginAttempt("b@example.com", "10.2.1.1")).allowed).toBe(true);
  });
});

describe("forms that send mail: per target", () => {
  it(`refuses the ${RATE_LIMITS.target.points + 1}th post naming one target, whatever the case and spaces`, async () => {
    const tries = await many(RATE_LIMITS.target.points, () =>
      limitFormAttempt("password-reset", "a@example.com", `10.3.0.${Math.floor(Math.random() * 200)}`),
    );
    expect(tries.every((result) => result.allowed)).toBe(true);
    expect((await limitFormAttempt("password-reset", "  A@Example.COM ", "10.3.9.9")).allowed).toBe(false);
    expect((await limitFormAttempt("password-reset", "b@example.com", "10.3.9.9")).allowed).toBe(true);
    expect((await limitFormAttempt("register", "a@example.com", "10.3.9.9")).allowed).toBe(true);
  });
});
