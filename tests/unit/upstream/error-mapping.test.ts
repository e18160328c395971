// §8 Error catalogue, end to end on the server: a local fake upstream answers, the client
// (client.server.ts) turns the answer into its typed error (errors.server.ts), and the server's
// wrapper of every loader (upstream-answers.server.ts, called as callRoute calls it) turns that into
// what the browser gets. One test per row
// the server maps; the rows shown by pages (upload, delete, draft, save, claim limit, app version) are
// the routes' and components' tests.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { z } from "zod";
import { UpstreamClient } from "~/upstream/client.server";
import type { ErrorScreenData } from "~/request/context.server";
import { UpstreamAuthenticationError, UpstreamValidationError } from "~/upstream/errors.server";
import { fieldErrorsFromUpstream } from "~/forms/form-errors.server";
import { callRoute } from "../../fixtures/call-route";
import { type FakeHandler, type FakeUpstream, answer, failure, startFakeUpstream } from "./fake-upstream";

let fake: FakeUpstream;
let handler: FakeHandler;

beforeAll(async () => {
  fake = await startFakeUpstream((req, res, body) => handler(req, res, body));
});

afterAll(() => fake.close());

beforeEach(() => {
  handler = answer(200, { ok: true });
});

/** The page the browser was on: its path and query are where login returns to. */
const PAGE = "http://localhost:3000/entry/purpose?step=2";
const RETURN_TO = "/entry/purpose?step=2";

const OBJECT = z.object({}).passthrough();

const client = () =>
  new UpstreamClient(new URL(fake.baseUrl), { sessionid: "s".repeat(32), csrftoken: "tok" }, "sakidori");

/** What the browser gets when a loader's one upstream call (a POST, or the me call) fails. */
async function pageResponse(
  options: { isMeCall?: boolean; method?: "GET" | "POST" } = {},
  work?: () => Promise<unknown>,
): Promise<Response> {
  const request = new Request(PAGE, { method: options.method ?? "GET" });
  const outcome = await callRoute(async () => {
    await (
      work ??
      (() => client().call("POST", "/api/entries/", { schema: OBJECT, json: {}, isMeCall: options.isMeCall }))
    )();
    return new Response("ok");
  }, request);
  expect(outcome).toBeInstanceOf(Response);
  return outcome as Response;
}

function loginRedirect(response: Response): {
  path: string;
  error: string | null;
  redirectTo: string | null;
} {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!, "http://localhost:3000");
  return {
    path: location.pathname,
    error: location.searchParams.get("error"),
    redirectTo: location.searchParams.get("redirectTo"),
  };
}

/** §2/§8 "session expired": back to login with the page to return to, the app session removed. */
function expectSessionExpired(response: Response) {
  expect(loginRedirect(response)).toEqual({
    path: "/login",
    error: "session_expired",
    redirectTo: RETURN_TO,
  });
  expect(sessionEnded(response)).toBe(true);
}

/** The app session cookie is removed (the upstream session is gone). */
function sessionEnded(response: Response): boolean {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  return /__sakidori=;/.test(cookie) && /Expires=Thu, 01 Jan 1970/.test(cookie);
}

async function errorScreen(response: Response): Promise<{ status: number; code: number }> {
  const data = (await response.json()) as ErrorScreenData;
  return { status: response.status, code: data.code };
}

describe("§8 Error catalogue, from the upstream's answer to the browser's response", () => {
  it("400 with body: validation error with per-field errors and non-field error list; merged into the step's field errors", async () => {
    handler = answer(400, {
      purpose: ["入力してください。"],
      other: ["不明"],
      non_field_errors: ["全体のエラー"],
    });
    const error = await failure(client().call("POST", "/api/entries/", { schema: OBJECT, json: {} }));
    expect(error).toBeInstanceOf(UpstreamValidationError);
    expect(fieldErrorsFromUpstream(error as UpstreamValidationError, ["purpose"])).toEqual({
      purpose: "入力してください。",
      [NON_FIELD_ERRORS]: "全体のエラー",
    });
    // A step that does not catch it: the error screen with 400, the session kept.
    const response = await pageResponse();
    expect(await errorScreen(response)).toEqual({ status: 400, code: 400 });
    expect(sessionEnded(response)).toBe(false);
  });

  it("400 without body: generic bad request", async () => {
    handler = answer(400);
    const response = await pageResponse();
    expect(await errorScreen(response)).toEqual({ status: 400, code: 400 });
    expect(sessionEnded(response)).toBe(false);
  });

  it.each([401, 403])(
    "401/403 with CSRF mismatch (except on the me call): alert ユーザー認証情報が古くなっています…, then jump to login (%i)",
    async (status) => {
      handler = answer(status, { detail: "CSRF Failed: CSRF token missing." });
      for (const method of ["GET", "POST"] as const) {
        const response = await pageResponse({ method });
        expect(loginRedirect(response)).toEqual({ path: "/login", error: "csrf", redirectTo: RETURN_TO });
        expect(sessionEnded(response)).toBe(true);
      }
      // The me call: not the CSRF alert but "session expired".
      const me = await pageResponse({ isMeCall: true });
      expectSessionExpired(me);
    },
  );

  it.each([401, 403])(
    "401/403 otherwise: unauthorized error with server detail or message (%i): session expired, back to login",
    async (status) => {
      handler = answer(status, { detail: "Authentication credentials were not provided." });
      const response = await pageResponse();
      expectSessionExpired(response);
    },
  );

  it("401/403 otherwise: the upstream's redirect_to is followed only when it stays on this site", async () => {
    handler = answer(401, { detail: "x", redirect_to: "/login?next=/entries" });
    expect((await pageResponse()).headers.get("Location")).toBe("/login?next=/entries");
    for (const unsafe of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/.//evil.example",
    ]) {
      handler = answer(401, { detail: "x", redirect_to: unsafe });
      const response = await pageResponse();
      expectSessionExpired(response);
    }
  });

  it.each([404, 409, 429, 500, 503])(
    "Other statuses: server error, default message ステータス {code}: the error screen with its code (%i)",
    async (status) => {
      handler = answer(status);
      const response = await pageResponse();
      expect(await errorScreen(response)).toEqual({ status, code: status });
      expect(sessionEnded(response)).toBe(false);
    },
  );

  it("a 429's error screen tells when to try again: the upstream's Retry-After, else a minute", async () => {
    handler = answer(429, { detail: "slow down" }, { "Retry-After": "120" });
    expect((await pageResponse()).headers.get("Retry-After")).toBe("120");
    handler = answer(429);
    expect((await pageResponse()).headers.get("Retry-After")).toBe("60");
  });

  it("Other statuses: …, optional redirect target: followed only when it stays on this site", async () => {
    handler = answer(404, { detail: "Not found.", redirect_to: "/my-page/" });
    const followed = await pageResponse();
    expect(followed.status).toBe(302);
    expect(followed.headers.get("Location")).toBe("/my-page/");
    for (const unsafe of ["https://evil.example/", "//evil.example/", "/\tevil", "javascript:alert(1)"]) {
      handler = answer(404, { detail: "Not found.", redirect_to: unsafe });
      expect(await errorScreen(await pageResponse())).toEqual({ status: 404, code: 404 });
    }
  });

  it("Other statuses: a 2xx the app cannot read (an HTML maintenance page) is a server error shown as 502", async () => {
    handler = answer(200, "<html>メンテナンス中</html>", { "Content-Type": "text/html" });
    const response = await pageResponse({}, () => client().call("GET", "/api/me/", { schema: OBJECT }));
    expect(await errorScreen(response)).toEqual({ status: 502, code: 502 });
    expect(sessionEnded(response)).toBe(false);
  });

  it("No response: server error network error, status 499 (shown with code 499, HTTP 503)", async () => {
    handler = (req) => req.socket.destroy();
    const response = await pageResponse();
    expect(await errorScreen(response)).toEqual({ status: 503, code: 499 });
    expect(sessionEnded(response)).toBe(false);
  });

  it("Authentication failure (no version, or settings fetch fails): logout, reset user, auth error", async () => {
    const response = await pageResponse({}, () =>
      Promise.reject(new UpstreamAuthenticationError("no version")),
    );
    expectSessionExpired(response);
  });

  it("Other errors are rethrown", async () => {
    const bug = new TypeError("a bug");
    await expect(callRoute(() => Promise.reject(bug), new Request(PAGE))).rejects.toBe(bug);
  });
});
