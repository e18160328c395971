// Rate limits that cannot be turned against users (decisions 0014 and 0020). Counted per client
// address and per target; on login, wrong passwords count per account in the bucket of the browser
// they come from (a browser known for the account has its own; all new browsers share one), at most
// 10 in any 15 minutes each; a try that was no wrong password is taken back. A flood from one address
// never blocks another address, and there is no count for a whole form. Past 100 wrong passwords of all
// accounts in 5 minutes, browsers new to their account share 10 tries a minute (credential stuffing).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  RATE_LIMITS,
  limitFormAttempt,
  limitLoginAttempt,
  newBrowsersSlowedNow,
  resetRateLimits,
  retryAfterHeader,
} from "~/security/rate-limit.server";

beforeEach(() => resetRateLimits());
afterEach(() => {
  vi.useRealTimers();
  return resetRateLimits();
});

const many = async <T extends { allowed: boolean }>(count: number, attempt: () => Promise<T>) => {
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await attempt());
  return results;
};

const newBrowser = (account: string) => ({ account, device: null });
const knownBrowser = (account: string, device: string) => ({ account, device });
const LIMIT = RATE_LIMITS.login.points;
const WINDOW_MS = RATE_LIMITS.login.duration * 1000;

describe("per client address", () => {
  it("a flood from one address is refused there (429 with a wait), and never blocks another address", async () => {
    const flood = await many(300, () =>
      limitLoginAttempt(newBrowser(`made-up-${Math.random()}`), "10.0.0.1"),
    );
    expect(flood.filter((result) => result.allowed)).toHaveLength(RATE_LIMITS.address.points);
    const refused = await limitLoginAttempt(newBrowser("someone"), "10.0.0.1");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.address.duration);
    // The rest of the world logs in as usual: no count for the whole form.
    expect((await limitLoginAttempt(newBrowser("someone"), "10.0.0.2")).allowed).toBe(true);
    expect((await limitFormAttempt("register", "new@example.com", "10.0.0.3")).allowed).toBe(true);
  });
});

describe("login: a bucket per known browser, one for all new browsers of an account", () => {
  it("new browsers share at most 10 tries in 15 minutes per account, from any addresses", async () => {
    const tries = await many(LIMIT, () =>
      limitLoginAttempt(newBrowser("owner"), `10.1.0.${Math.floor(Math.random() * 200)}`),
    );
    expect(tries.every((result) => result.allowed)).toBe(true);
    const refused = await limitLoginAttempt(newBrowser("owner"), "10.1.9.9");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.login.duration);
    // Another account is not touched.
    expect((await limitLoginAttempt(newBrowser("someone-else"), "10.1.9.9")).allowed).toBe(true);
  });

  it("the owner's known browser has its own bucket: a full new-browser bucket never blocks it", async () => {
    await many(3 * LIMIT, () =>
      limitLoginAttempt(newBrowser("owner"), `10.2.0.${Math.floor(Math.random() * 200)}`),
    );
    expect((await limitLoginAttempt(newBrowser("owner"), "10.2.9.9")).allowed).toBe(false);
    expect((await limitLoginAttempt(knownBrowser("owner", "owners-laptop"), "10.2.9.8")).allowed).toBe(true);
    // And a known browser's own wrong passwords fill only its bucket: another known browser goes on.
    await many(LIMIT, () => limitLoginAttempt(knownBrowser("owner", "owners-phone"), "10.2.9.7"));
    expect((await limitLoginAttempt(knownBrowser("owner", "owners-phone"), "10.2.9.7")).allowed).toBe(false);
    expect((await limitLoginAttempt(knownBrowser("owner", "owners-laptop"), "10.2.9.8")).allowed).toBe(true);
  });

  it("parallel tries cannot outrun the bucket: of 50 at once, 10 go through", async () => {
    const tries = await Promise.all(
      Array.from({ length: 50 }, (_, i) => limitLoginAttempt(newBrowser("owner"), `10.3.0.${i}`)),
    );
    expect(tries.filter((result) => result.allowed)).toHaveLength(LIMIT);
  });

  it("a try taken back (a success, an upstream that could not check) leaves its place free", async () => {
    for (let i = 0; i < 3 * LIMIT; i++) {
      const attempt = await limitLoginAttempt(newBrowser("owner"), `10.4.0.${i % 20}`);
      expect(attempt.allowed).toBe(true);
      await attempt.takeBack();
    }
  });

  it("exact in any 15 minutes: tries leave the window one by one, never all at once at its edge", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-26T10:00:00+09:00").getTime();
    vi.setSystemTime(start);
    await many(LIMIT - 1, () => limitLoginAttempt(newBrowser("owner"), "10.5.0.1"));
    vi.setSystemTime(start + 14 * 60_000);
    expect((await limitLoginAttempt(newBrowser("owner"), "10.5.0.2")).allowed).toBe(true);
    // 15 minutes after the first nine: they have left, the tenth (1 minute old) has not.
    vi.setSystemTime(start + WINDOW_MS);
    const free = await many(LIMIT, () => limitLoginAttempt(newBrowser("owner"), "10.5.0.3"));
    expect(free.filter((result) => result.allowed)).toHaveLength(LIMIT - 1);
    const refused = await limitLoginAttempt(newBrowser("owner"), "10.5.0.4");
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 14 * 60 });
  });
});

describe("wrong passwords of all accounts: past the threshold, new browsers share one bucket", () => {
  const THRESHOLD = RATE_LIMITS.stuffingFailedLogins.points;
  const SHARE = RATE_LIMITS.stuffingNewBrowserLogins.points;
  const FAILURES_WINDOW_MS = RATE_LIMITS.stuffingFailedLogins.duration * 1000;
  let pair = 0;
  /** Leaked pairs, each a new account from an address of its own: a wrong password when checked. */
  const wrongPasswords = (count: number) =>
    many(count, async () => {
      const n = pair++;
      const attempt = await limitLoginAttempt(newBrowser(`leaked-${n}`), `10.7.${n % 250}.${n >> 8}`);
      if (attempt.allowed) await attempt.countWrongPassword();
      return attempt;
    });

  it(`wrong passwords count, not tries: the ${THRESHOLD}th in 5 minutes slows new browsers`, async () => {
    // Tries taken back (a success, an upstream that could not check) count for nothing here.
    for (let i = 0; i < 2 * THRESHOLD; i++) {
      await (await limitLoginAttempt(newBrowser(`person-${i}`), `10.8.${i % 250}.1`)).takeBack();
    }
    await wrongPasswords(THRESHOLD - 1);
    expect(await newBrowsersSlowedNow()).toBe(false);
    await wrongPasswords(1);
    expect(await newBrowsersSlowedNow()).toBe(true);
  });

  it(`then ${SHARE} tries a minute from new browsers, all accounts together; a known browser is never held back`, async () => {
    await wrongPasswords(THRESHOLD);
    const tries = await Promise.all(
      Array.from({ length: 3 * SHARE }, (_, i) =>
        limitLoginAttempt(newBrowser(`someone-${i}`), `10.9.${i}.1`),
      ),
    );
    expect(tries.filter((result) => result.allowed)).toHaveLength(SHARE);
    for (const refused of tries.filter((result) => !result.allowed)) {
      expect(refused.newBrowsersSlowed).toBe(true);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.stuffingNewBrowserLogins.duration);
    }
    const known = await many(LIMIT, () =>
      limitLoginAttempt(knownBrowser("owner", "owners-laptop"), "10.9.99.1"),
    );
    expect(known.every((result) => result.allowed && !result.newBrowsersSlowed)).toBe(true);
    // An account's own bucket still says its own wait, not this one.
    const ownBucket = await limitLoginAttempt(knownBrowser("owner", "owners-laptop"), "10.9.99.1");
    expect(ownBucket).toMatchObject({ allowed: false, newBrowsersSlowed: false });
  });

  it("a sliding minute: a new browser's place frees when the oldest try is a minute old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-28T03:00:00+09:00").getTime();
    vi.setSystemTime(start);
    await wrongPasswords(THRESHOLD);
    await many(SHARE, () =>
      limitLoginAttempt(newBrowser(`early-${Math.random()}`), `10.10.0.${pair++ % 250}`),
    );
    vi.setSystemTime(start + 45_000);
    expect(await limitLoginAttempt(newBrowser("waiting"), "10.10.1.1")).toMatchObject({
      allowed: false,
      retryAfterSeconds: 15,
      newBrowsersSlowed: true,
    });
    vi.setSystemTime(start + 60_000);
    expect((await limitLoginAttempt(newBrowser("waiting"), "10.10.1.1")).allowed).toBe(true);
  });

  it("the slowing lasts while the attack does (its refused tries count too), and ends 5 minutes after", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-28T03:00:00+09:00").getTime();
    vi.setSystemTime(start);
    await wrongPasswords(THRESHOLD);
    // The attack goes on 4 minutes later: a minute's share is checked, the rest refused, all failed.
    vi.setSystemTime(start + 4 * 60_000);
    const wave = await wrongPasswords(THRESHOLD);
    expect(wave.filter((attempt) => attempt.allowed)).toHaveLength(SHARE);
    vi.setSystemTime(start + FAILURES_WINDOW_MS);
    expect(await newBrowsersSlowedNow()).toBe(true);
    vi.setSystemTime(start + 4 * 60_000 + FAILURES_WINDOW_MS - 1);
    expect(await newBrowsersSlowedNow()).toBe(true);
    vi.setSystemTime(start + 4 * 60_000 + FAILURES_WINDOW_MS);
    expect(await newBrowsersSlowedNow()).toBe(false);
    expect(
      (
        await many(3 * SHARE, () =>
          limitLoginAttempt(newBrowser(`later-${Math.random()}`), `10.11.${pair++ % 250}.1`),
        )
      ).every((result) => result.allowed),
    ).toBe(true);
  });
});

describe("forms that send mail: per target", () => {
  it(`refuses the ${RATE_LIMITS.target.points + 1}th post naming one target, whatever the case and spaces`, async () => {
    const tries = await many(RATE_LIMITS.target.points, () =>
      limitFormAttempt("password-reset", "a@example.com", `10.6.0.${Math.floor(Math.random() * 200)}`),
    );
    expect(tries.every((result) => result.allowed)).toBe(true);
    expect((await limitFormAttempt("password-reset", "  A@Example.COM ", "10.6.9.9")).allowed).toBe(false);
    expect((await limitFormAttempt("password-reset", "b@example.com", "10.6.9.9")).allowed).toBe(true);
    expect((await limitFormAttempt("register", "a@example.com", "10.6.9.9")).allowed).toBe(true);
  });
});

describe("Retry-After", () => {
  it("whole seconds, at least 1; a default when the refusal named none", () => {
    expect(retryAfterHeader(90)).toEqual({ "Retry-After": "90" });
    expect(retryAfterHeader(1.2)).toEqual({ "Retry-After": "2" });
    expect(retryAfterHeader(null)).toEqual({ "Retry-After": String(DEFAULT_RETRY_AFTER_SECONDS) });
    expect(retryAfterHeader(0)).toEqual({ "Retry-After": String(DEFAULT_RETRY_AFTER_SECONDS) });
  });
});
