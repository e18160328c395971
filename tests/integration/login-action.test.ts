// The login step's action called directly, as Remix calls it, against the in-process reference
// upstream: a valid post redirects (PRG) with the app session; an invalid one answers with the field
// errors and the values kept, never the password. §8 "Login 401: operational error with server detail".
// Wrong passwords from elsewhere never keep out a browser the account logged in or registered from, and
// past a threshold of wrong passwords across all accounts, new browsers share one bucket (decision 0020).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME } from "~/request/session.server";
import { action } from "~/routes/_anonymous.login/route";
import { action as registerAction } from "~/routes/_anonymous.register/route";
import { RATE_LIMITS, newBrowsersSlowedMessage, resetRateLimits } from "~/security/rate-limit.server";
import type { FormFailure } from "~/forms/form-failure";
import { loginFailures, newBrowsersSlowed } from "~/telemetry/metrics.server";
import { formPost } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { PASSWORD, insertUser, uniqueEmail } from "./reference-upstream/accounts-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

function post(fields: Record<string, string>, clientAddress = "127.0.0.1", cookie = ""): Promise<Response> {
  return callRoute(action, formPost("/login", cookie, fields, clientAddress));
}

/** A registration posted from one client address, as the register page sends it. */
function register(email: string, clientAddress: string): Promise<Response> {
  const fields = {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    corporate_division: "corporate",
    agreement: "on",
  };
  const request = formPost("/register", "", fields, clientAddress);
  return callRoute(registerAction, request);
}

/** The cookies a browser keeps after a login and a logout: all it was set, but the app session. */
function cookiesKeptAfterLogout(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.startsWith(`${SESSION_COOKIE_NAME}=`))
    .join("; ");
}

describe("login action (POST /login)", () => {
  it("a valid post redirects to the safe redirectTo with the app session cookie (PRG)", async () => {
    const email = uniqueEmail("login");
    await insertUser(upstream.db, { email });
    const response = await post({ email, password: PASSWORD, redirectTo: "/entry" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/entry");
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__sakidori="))!;
    expect(setCookie).toMatch(/^__sakidori=[^;]+;/);
    // The flags of the cookie login really sets (tests/unit/request/session.test.ts
    // covers Secure on https); this run's origin is http://localhost, so no Secure.
    expect(setCookie.split(/;\s*/).slice(1).sort()).toEqual(["HttpOnly", "Path=/", "SameSite=Lax"]);
  });

  it("a valid post with an unsafe redirectTo goes to My page", async () => {
    const email = uniqueEmail("login");
    await insertUser(upstream.db, { email });
    const response = await post({ email, password: PASSWORD, redirectTo: "//evil.example/" });
    expect(response.headers.get("Location")).toBe("/mypage");
  });

  it("an invalid post answers 422 with the field errors and the values kept, never the password", async () => {
    const response = await post({ email: "not-an-email", password: "secret-typed" });
    expect(response.status).toBe(422);
    const body = (await response.json()) as FormFailure;
    expect(Object.keys(body.fieldErrors)).toEqual(["email"]);
    expect(body.values).toEqual({ email: "not-an-email" });
    expect(JSON.stringify(body)).not.toContain("secret-typed");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("§8 Login 401: operational error with server detail, at the top of the form, the password not kept", async () => {
    const email = uniqueEmail("login");
    await insertUser(upstream.db, { email });
    const response = await post({ email, password: "wrong-password-1" });
    expect(response.status).toBe(401);
    const body = (await response.json()) as FormFailure;
    expect(body.formErrors).toHaveLength(1);
    expect(body.fieldErrors).toEqual({});
    expect(body.values).toEqual({ email });
    expect(JSON.stringify(body)).not.toContain("wrong-password-1");
  });

  it("a flood of made-up addresses from one client locks nobody else out; wrong passwords hold back only that account's new browsers", async () => {
    const tried = 300;
    const flood = await Promise.all(
      Array.from({ length: tried }, (_, i) =>
        post({ email: uniqueEmail(`flood-${i}`), password: "wrong-password-1" }, "192.0.2.66"),
      ),
    );
    const refused = flood.filter((response) => response.status === 429);
    expect(refused.length).toBe(tried - RATE_LIMITS.address.points);
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    console.log(`[login limits] flood from one address: ${refused.length} / ${tried} refused there`);

    // Someone else logs in meanwhile, from another address: nothing in their way.
    const email = uniqueEmail("bystander");
    await insertUser(upstream.db, { email });
    expect((await post({ email, password: PASSWORD }, "198.51.100.7")).status).toBe(302);

    // A person who mistypes in a new browser: 10 tries, then told how long to wait.
    const victim = uniqueEmail("mistypes");
    await insertUser(upstream.db, { email: victim });
    for (let i = 0; i < RATE_LIMITS.login.points; i++) {
      expect(
        (await post({ email: victim, password: "wrong-password-1" }, `198.51.100.${20 + i}`)).status,
      ).toBe(401);
    }
    const waiting = await post({ email: victim, password: PASSWORD }, "198.51.100.40");
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(Number(waiting.headers.get("Retry-After"))).toBeLessThanOrEqual(RATE_LIMITS.login.duration);
  });
});

describe("wrong passwords from elsewhere never keep the owner out", () => {
  it("after 50 wrong tries from other addresses without the owner's device cookie, the owner logs in at once", async () => {
    const email = uniqueEmail("owner");
    await insertUser(upstream.db, { email });
    const ownerAddress = "198.51.100.200";
    // The owner logged in from their browser before, and logged out: the browser keeps what login set.
    const earlier = await post({ email, password: PASSWORD }, ownerAddress);
    expect(earlier.status).toBe(302);
    const ownerCookies = cookiesKeptAfterLogout(earlier);

    // Someone else tries 50 passwords for the owner's address, all at once, from addresses of their own.
    const hostile = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post({ email, password: `wrong-guess-${i}` }, `203.0.113.${1 + (i % 50)}`),
      ),
    );
    // Guessing stays slow: at most 10 of them reached the password check.
    const checked = hostile.filter((response) => response.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(hostile.some((response) => response.status === 302)).toBe(false);

    const owner = await post({ email, password: PASSWORD }, ownerAddress, ownerCookies);
    const wait = owner.status === 429 ? Number(owner.headers.get("Retry-After")) : 0;
    console.log(
      `[login limits] owner's wait after 50 hostile tries: ${wait} s (${checked} reached the check)`,
    );
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/mypage");
  });
});

describe("a browser that registered the account is known to it, as after a login", () => {
  it("after 10 wrong passwords from elsewhere, a new browser waits; the browser that registered logs in at once", async () => {
    const email = uniqueEmail("registered");
    const registered = await register(email, "198.51.100.210");
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe("/register/complete");
    const registeringBrowser = cookiesKeptAfterLogout(registered);

    for (let i = 0; i < RATE_LIMITS.login.points; i++) {
      expect((await post({ email, password: `wrong-guess-${i}` }, `203.0.113.${100 + i}`)).status).toBe(401);
    }
    expect((await post({ email, password: PASSWORD }, "198.51.100.211")).status).toBe(429);

    const owner = await post({ email, password: PASSWORD }, "198.51.100.210", registeringBrowser);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/mypage");
  });
});

describe("credential stuffing: wrong passwords of all accounts are counted", () => {
  const threshold = RATE_LIMITS.stuffingFailedLogins.points;
  const newBrowserTries = RATE_LIMITS.stuffingNewBrowserLogins.points;
  let pairsSent = 0;

  /** Leaked e-mail/password pairs, each from an address of its own, a few at once (each costs a hash). */
  async function stuffed(count: number): Promise<Response[]> {
    const answers: Response[] = [];
    let started = 0;
    const sender = async () => {
      while (started < count) {
        started++;
        const n = pairsSent++;
        answers.push(
          await post(
            { email: uniqueEmail(`leaked-${n}`), password: "leaked-password-1" },
            `203.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`,
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: 4 }, sender));
    return answers;
  }
  const metric = async (gauge: typeof loginFailures | typeof newBrowsersSlowed) =>
    (await gauge.get()).values[0]?.value ?? 0;

  // This file's earlier wrong passwords start no count here.
  beforeAll(() => resetRateLimits());
  afterAll(() => resetRateLimits());

  it(`from the ${threshold}th in 5 minutes, new browsers share ${newBrowserTries} tries a minute and are told when to retry; a known browser logs in at once`, async () => {
    const owner = uniqueEmail("stuffing-owner");
    await insertUser(upstream.db, { email: owner });
    const ownerBrowser = cookiesKeptAfterLogout(
      await post({ email: owner, password: PASSWORD }, "198.51.100.220"),
    );
    const failuresBefore = await metric(loginFailures);

    // Below the threshold, nothing changes: a person on a new browser logs in.
    const below = await stuffed(threshold - 1);
    expect(below.every((response) => response.status === 401)).toBe(true);
    const early = uniqueEmail("stuffing-early");
    await insertUser(upstream.db, { email: early });
    expect((await post({ email: early, password: PASSWORD }, "198.51.100.221")).status).toBe(302);
    expect(await metric(newBrowsersSlowed)).toBe(0);

    // The threshold reached: of the next pairs, a minute's share reaches the password check.
    expect((await stuffed(1))[0]!.status).toBe(401);
    expect(await metric(newBrowsersSlowed)).toBe(1);
    expect((await metric(loginFailures)) - failuresBefore).toBe(threshold);
    const after = await stuffed(3 * newBrowserTries);
    expect(after.filter((response) => response.status === 401)).toHaveLength(newBrowserTries);
    const refused = after.filter((response) => response.status === 429);
    expect(refused).toHaveLength(2 * newBrowserTries);
    for (const response of refused) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.stuffingNewBrowserLogins.duration);
    }

    // The owner, from the browser they logged in from before, logs in at once.
    const ownerLogin = await post({ email: owner, password: PASSWORD }, "198.51.100.220", ownerBrowser);
    expect(ownerLogin.status).toBe(302);

    // A person on a new browser, with the right password, is told when to try again.
    const newcomer = uniqueEmail("stuffing-newcomer");
    await insertUser(upstream.db, { email: newcomer });
    const asked = Date.now();
    const waiting = await post({ email: newcomer, password: PASSWORD }, "198.51.100.222");
    const answered = Date.now();
    expect(waiting.status).toBe(429);
    const retryAfter = Number(waiting.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.stuffingNewBrowserLogins.duration);
    const body = (await waiting.json()) as FormFailure;
    expect(
      [asked, answered].map((at) => newBrowsersSlowedMessage(new Date(at + retryAfter * 1000))),
    ).toContain(body.formErrors[0]);
    expect(body.formErrors[0]).toMatch(/\d+時\d+分以降に、もう一度お試しください。/);
    expect(body.values).toEqual({ email: newcomer });
    console.log(
      `[stuffing] ${threshold} wrong passwords, then ${after.length} more pairs: ${newBrowserTries} checked, ${refused.length} refused (Retry-After ≤ ${RATE_LIMITS.stuffingNewBrowserLogins.duration} s); the owner's browser: ${ownerLogin.status}`,
    );
  });
});
