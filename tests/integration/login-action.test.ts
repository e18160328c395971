// The login step's action called directly, as Remix calls it, against the in-process reference
// upstream: a valid post redirects (PRG) with the app session; an invalid one answers with the field
// errors and the values kept, never the password. §8 "Login 401: operational error with server detail".

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/_anonymous.login/route";
import type { FormFailure } from "~/forms/form-failure";
import { PASSWORD, insertUser, uniqueEmail } from "./reference-upstream/accounts-fixtures";
import { type TestUpstream, startTestUpstream } from "./reference-upstream/harness";

let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startTestUpstream();
  // appConfig() reads the environment once, at the first request: set before any.
  process.env.API_BASE_URL = upstream.url;
});

afterAll(() => upstream.dispose());

function post(fields: Record<string, string>): Promise<Response> {
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: {}, context: {} });
}

describe("login action (POST /login)", () => {
  it("a valid post redirects to the safe redirectTo with the app session cookie (PRG)", async () => {
    const email = uniqueEmail("login");
    await insertUser(upstream.db, { email });
    const response = await post({ email, password: PASSWORD, redirectTo: "/entry" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/entry");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__sakidori=[^;]+;/);
    // Issue 11 item 5: the flags of the cookie login really sets (tests/unit/request/session.test.ts
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
});
