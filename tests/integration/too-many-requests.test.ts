// Every 429 the app answers tells when to try again (Retry-After, RFC 9110), whichever limit refused:
// the app's own on each limited form, and the upstream's throttle passed on at login and at the
// password change. Each route's action is called as Remix calls it, against the in-process reference
// upstream; a client address is first made to spend its posts, as a flood would.

import { beforeEach, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { action as loginAction } from "~/routes/_anonymous.login/route";
import { action as registerAction } from "~/routes/_anonymous.register/route";
import { action as recoverAction } from "~/routes/_anonymous.profile.password.reset.recover/route";
import { action as resetAction } from "~/routes/_anonymous.profile.password.reset.reset.$/route";
import { action as mailVerifyAction } from "~/routes/_anonymous.company.mail.verify";
import { action as passwordChangeAction } from "~/routes/_mypage.profile_.password.change/route";
import { action as activationAction } from "~/routes/_mypage.register.activation";
import { RATE_LIMITS, limitFormAttempt, resetRateLimits } from "~/security/rate-limit.server";
import { APP_ORIGIN, appCookie } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import { PASSWORD, insertUser, passwordHash, uniqueEmail } from "./reference-upstream/accounts-fixtures";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();

beforeEach(() => resetRateLimits());

const NEW_PASSWORD = "tsubame-hill-7310";
const FLOODED = "192.0.2.99";

/** The address has spent its limited posts for the minute. */
async function flood(address: string) {
  for (let i = 0; i < RATE_LIMITS.address.points; i++)
    await limitFormAttempt("flood", `target-${i}`, address);
}

async function post(
  action: (args: ActionFunctionArgs) => Promise<Response>,
  path: string,
  fields: Record<string, string>,
  options: { address?: string; cookie?: string } = {},
): Promise<Response> {
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: options.address ?? FLOODED,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return await callRoute(action, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A 429 with a Retry-After of whole seconds, at least one. */
function expectTooManyRequests(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
}

describe("the app's own limits: every 429 carries Retry-After", () => {
  it("login", async () => {
    await flood(FLOODED);
    expectTooManyRequests(await post(loginAction, "/login", { email: uniqueEmail(), password: "x" }));
  });

  it("register", async () => {
    await flood(FLOODED);
    const fields = {
      email: uniqueEmail("register"),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      corporate_division: "corporate",
      agreement: "on",
    };
    expectTooManyRequests(await post(registerAction, "/register", fields));
  });

  it("the reset request", async () => {
    await flood(FLOODED);
    const fields = { email: uniqueEmail("recover") };
    expectTooManyRequests(await post(recoverAction, "/profile/password/reset/recover?index", fields));
  });

  it("the new password of the e-mailed link", async () => {
    await flood(FLOODED);
    const fields = { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expectTooManyRequests(
      await post(resetAction, "/profile/password/reset/reset/?uid=MQ&token=abc-def", fields),
    );
  });

  it("the e-mail address confirmation", async () => {
    await flood(FLOODED);
    expectTooManyRequests(await post(mailVerifyAction, "/company/mail/verify?key=abc", { key: "abc" }));
  });

  it("the password change", async () => {
    await flood(FLOODED);
    const cookie = await appCookie(createUserWithSession(upstream));
    const fields = { old_password: PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expectTooManyRequests(await post(passwordChangeAction, "/profile/password/change", fields, { cookie }));
  });

  it("the activation mail's resend", async () => {
    const cookie = await appCookie(createUserWithSession(upstream, { email_verified_at: null }));
    let answer: Response | null = null;
    for (let i = 0; i < 10 && answer?.status !== 429; i++) {
      answer = await post(activationAction, "/register/activation", {}, { cookie, address: `192.0.2.${i}` });
    }
    expectTooManyRequests(answer!);
  });
});

describe("the upstream's throttle passed on: Retry-After too", () => {
  it("login: the upstream refuses an account guessed at directly", async () => {
    const email = uniqueEmail("guessed");
    await insertUser(upstream.db, { email });
    const direct = upstream.client();
    for (let i = 0; i < 10; i++) await direct.post("/api/auth/", { email, password: `wrong-${i}-guess` });
    expectTooManyRequests(
      await post(loginAction, "/login", { email, password: PASSWORD }, { address: "192.0.2.10" }),
    );
  });

  it("the password change: wrong current passwords count as failed logins upstream", async () => {
    const browser = createUserWithSession(upstream, { password_hash: await passwordHash() });
    for (let i = 0; i < 10; i++) {
      await browser.post("/api/password/change/", {
        old_password: `wrong-${i}-guess`,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
    }
    const cookie = await appCookie(browser);
    const fields = { old_password: PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expectTooManyRequests(
      await post(passwordChangeAction, "/profile/password/change", fields, { cookie, address: "192.0.2.11" }),
    );
  });
});
