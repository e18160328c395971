// §7 "The calls it makes" and §8 "Error catalogue", checked against a real local HTTP server.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { UNREAD_ANSWER, UpstreamClient, type UpstreamCredentials } from "~/upstream/client.server";
import {
  UpstreamBadRequestError,
  UpstreamCsrfError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
  UpstreamServerError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "~/upstream/errors.server";
import { type FakeHandler, type FakeUpstream, answer, failure, startFakeUpstream } from "./fake-upstream";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let fake: FakeUpstream;
let baseUrl: string;
let handler: FakeHandler;
let seen: Seen[] = [];
let waiting: { count: number; resolve: () => void }[] = [];

beforeAll(async () => {
  fake = await startFakeUpstream((req, res, body) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    waiting = waiting.filter((waiter) => (seen.length >= waiter.count ? (waiter.resolve(), false) : true));
    handler(req, res, body);
  });
  baseUrl = fake.baseUrl;
});

afterAll(() => fake.close());

beforeEach(() => {
  seen = [];
  waiting = [];
  handler = answer(200, { ok: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Once the fake upstream has received `count` requests (a test then moves the clock on). */
function requestsSeen(count: number): Promise<void> {
  if (seen.length >= count) return Promise.resolve();
  return new Promise((resolve) => waiting.push({ count, resolve }));
}

/** The clock the client's timeouts and budget read, moved only by the test (the network stays real). */
const useTestClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });

/** Whether `promise` has settled yet (checked after the clock was moved). */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

const CREDENTIALS: UpstreamCredentials = {
  sessionid: "abcdefghijklmnopqrstuvwxyz012345",
  csrftoken: "tok123",
};
/** Any JSON object; any JSON list. */
const OBJECT = z.object({}).passthrough();
const LIST = z.array(z.unknown());

const client = (credentials: UpstreamCredentials = CREDENTIALS, url = baseUrl) =>
  new UpstreamClient(new URL(url), credentials, "sakidori");

describe("§7 every call carries the upstream's cookies, X-CSRFToken, a Referer and X-Service-Id", () => {
  it("sends Cookie with sessionid and csrftoken, and X-CSRFToken equal to the csrftoken cookie", async () => {
    await client().call("POST", "/api/me/", { schema: OBJECT, json: {} });
    const headers = seen[0]!.headers;
    const cookies = (headers.cookie ?? "").split(/;\s*/);
    expect(cookies).toContain(`sessionid=${CREDENTIALS.sessionid}`);
    expect(cookies).toContain("csrftoken=tok123");
    expect(headers["x-csrftoken"]).toBe("tok123");
  });

  it("sends a Referer equal to the upstream origin + '/' and the brand's X-Service-Id", async () => {
    await client(CREDENTIALS, `${baseUrl}/some/base/`).call("GET", "/api/entries/", { schema: OBJECT });
    expect(seen[0]!.headers.referer).toBe(`${baseUrl}/`);
    expect(seen[0]!.headers["x-service-id"]).toBe("sakidori");
  });

  it("sends no Cookie and no X-CSRFToken without credentials (an anonymous login needs no token)", async () => {
    await client({}).call("POST", "/api/auth/", { schema: OBJECT, json: { email: "a@example.com" } });
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers["x-csrftoken"]).toBeUndefined();
  });

  it("sends a JSON body with Content-Length, never chunked", async () => {
    const payload = { email: "山田@example.com", persistLoginState: true };
    await client().call("POST", "/api/auth/", { schema: OBJECT, json: payload });
    const request = seen[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/auth/");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["transfer-encoding"]).toBeUndefined();
    expect(request.headers["content-length"]).toBe(String(Buffer.byteLength(JSON.stringify(payload))));
    expect(JSON.parse(request.body.toString("utf8"))).toEqual(payload);
  });

  it("sends Content-Length: 0 on a POST without a body (never chunked)", async () => {
    await client().call("POST", "/api/entries/7/cancel/", { schema: OBJECT });
    expect(seen[0]!.headers["content-length"]).toBe("0");
    expect(seen[0]!.headers["transfer-encoding"]).toBeUndefined();
  });

  it("adds the query of a GET (houjinbangou ?name=) and returns the parsed JSON", async () => {
    handler = answer(200, [{ number: "7123456789012" }]);
    const result = await client().call("GET", "/api/ext/houjinbangou/", {
      query: { name: "株式会社 & co" },
      schema: LIST,
    });
    expect(result).toEqual([{ number: "7123456789012" }]);
    expect(new URL(seen[0]!.url, baseUrl).searchParams.get("name")).toBe("株式会社 & co");
  });

  it("send() streams a body with the given Content-Length, never chunked", async () => {
    const parts = [
      Buffer.from("--b\r\n"),
      Buffer.from("content ".repeat(1000)),
      Buffer.from("\r\n--b--\r\n"),
    ];
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    handler = answer(201, { id: 5 });
    const result = await client().send(
      "POST",
      "/api/uploads/",
      {
        stream: Readable.from(parts),
        contentType: "multipart/form-data; boundary=b",
        contentLength: length,
      },
      OBJECT,
    );
    expect(result).toEqual({ id: 5 });
    const request = seen[0]!;
    expect(request.headers["content-length"]).toBe(String(length));
    expect(request.headers["transfer-encoding"]).toBeUndefined();
    expect(request.headers["content-type"]).toBe("multipart/form-data; boundary=b");
    expect(request.headers["x-csrftoken"]).toBe("tok123");
    expect(request.body.equals(Buffer.concat(parts))).toBe(true);
  });
});

describe("REFERENCE: login cycles the session key and CSRF token; capture the upstream's new cookies", () => {
  it("keeps a new sessionid and csrftoken from Set-Cookie and sends them on the next call", async () => {
    handler = answer(
      200,
      {},
      {
        "Set-Cookie": [
          "csrftoken=newtok; expires=Thu, 01 Jan 2099 00:00:00 GMT; Max-Age=31449600; Path=/; SameSite=Lax",
          "sessionid=newsession0123456789abcdefghijk; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax",
        ],
      },
    );
    const upstream = client({});
    expect(upstream.credentialsChanged).toBe(false);
    await upstream.call("POST", "/api/auth/", { schema: OBJECT, json: {} });
    expect(upstream.credentialsChanged).toBe(true);
    expect(upstream.credentials).toEqual({
      sessionid: "newsession0123456789abcdefghijk",
      csrftoken: "newtok",
    });
    expect(upstream.hasSession).toBe(true);

    handler = answer(200, {});
    await upstream.call("POST", "/api/me/", { schema: OBJECT, json: {} });
    expect(seen[1]!.headers["x-csrftoken"]).toBe("newtok");
    expect(seen[1]!.headers.cookie).toContain("sessionid=newsession0123456789abcdefghijk");
  });

  it("forgets a cookie the upstream deletes with Max-Age=0", async () => {
    handler = answer(
      200,
      {},
      {
        "Set-Cookie": 'sessionid=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; SameSite=Lax',
      },
    );
    const upstream = client();
    await upstream.call("POST", "/api/auth/session/delete", { schema: OBJECT });
    expect(upstream.credentialsChanged).toBe(true);
    expect(upstream.credentials).toEqual({ csrftoken: "tok123" });
    expect(upstream.hasSession).toBe(false);
  });

  it("forgets a cookie deleted by Max-Age=0 even when it still has a value", async () => {
    handler = answer(200, {}, { "Set-Cookie": "csrftoken=tok123; Max-Age=0; Path=/" });
    const upstream = client();
    await upstream.call("GET", "/api/profile/", { schema: OBJECT });
    expect(upstream.credentialsChanged).toBe(true);
    expect(upstream.credentials).toEqual({ sessionid: CREDENTIALS.sessionid });
  });

  it("ignores other cookies and leaves credentialsChanged false without Set-Cookie", async () => {
    handler = answer(200, {}, { "Set-Cookie": "tracking=1; Path=/" });
    const upstream = client();
    await upstream.call("GET", "/api/profile/", { schema: OBJECT });
    expect(upstream.credentialsChanged).toBe(false);
    expect(upstream.credentials).toEqual(CREDENTIALS);
  });

  it("does not let callers change the client's cookies through the credentials getter", async () => {
    const upstream = client();
    const copy = upstream.credentials;
    copy.sessionid = "changed";
    expect(upstream.credentials.sessionid).toBe(CREDENTIALS.sessionid);
  });
});

describe("§8 Error catalogue", () => {
  it("400 with body: validation error with per-field errors and non-field error list", async () => {
    handler = answer(400, {
      email: ["Enter a valid email address."],
      non_field_errors: ["Unable to log in."],
    });
    const error = await failure(client().call("POST", "/api/auth/", { schema: OBJECT, json: {} }));
    expect(error).toBeInstanceOf(UpstreamValidationError);
    const validation = error as UpstreamValidationError;
    expect(validation.status).toBe(400);
    expect(validation.fieldErrors).toEqual({ email: ["Enter a valid email address."] });
    expect(validation.nonFieldErrors).toEqual(["Unable to log in."]);
  });

  it("400 with body: a lone detail becomes a non-field error", async () => {
    handler = answer(400, { detail: "Bad thing." });
    const error = (await failure(
      client().call("POST", "/api/x/", { schema: OBJECT }),
    )) as UpstreamValidationError;
    expect(error).toBeInstanceOf(UpstreamValidationError);
    expect(error.fieldErrors).toEqual({});
    expect(error.nonFieldErrors).toEqual(["Bad thing."]);
  });

  it("400 without body: generic bad request", async () => {
    handler = answer(400);
    const error = await failure(client().call("POST", "/api/x/", { schema: OBJECT }));
    expect(error).toBeInstanceOf(UpstreamBadRequestError);
    expect((error as UpstreamBadRequestError).status).toBe(400);
  });

  it("400 without body: an empty object or a non-JSON body is a generic bad request too", async () => {
    handler = answer(400, {});
    expect(await failure(client().call("POST", "/api/x/", { schema: OBJECT }))).toBeInstanceOf(
      UpstreamBadRequestError,
    );
    handler = answer(400, "<html>Bad Request</html>");
    expect(await failure(client().call("POST", "/api/x/", { schema: OBJECT }))).toBeInstanceOf(
      UpstreamBadRequestError,
    );
  });

  it("401/403 with CSRF mismatch: the CSRF error carrying the §8 alert", async () => {
    handler = answer(403, { detail: "CSRF Failed: CSRF token missing." });
    const error = await failure(client().call("POST", "/api/entries/", { schema: OBJECT, json: {} }));
    expect(error).toBeInstanceOf(UpstreamCsrfError);
    expect((error as UpstreamCsrfError).status).toBe(403);
    expect((error as UpstreamCsrfError).message).toBe(
      "ユーザー認証情報が古くなっています。大変申し訳ございませんが、再度ログインしてください",
    );
    handler = answer(401, {
      detail: "CSRF Failed: CSRF token from the 'X-Csrftoken' HTTP header incorrect.",
    });
    const error401 = await failure(client().call("POST", "/api/entries/", { schema: OBJECT, json: {} }));
    expect(error401).toBeInstanceOf(UpstreamCsrfError);
    expect((error401 as UpstreamCsrfError).status).toBe(401);
  });

  it("401/403 with CSRF mismatch (except on the me call): the me call gets an unauthorized error", async () => {
    handler = answer(403, { detail: "CSRF Failed: CSRF token missing." });
    const error = await failure(
      client().call("POST", "/api/me/", { schema: OBJECT, json: {}, isMeCall: true }),
    );
    expect(error).not.toBeInstanceOf(UpstreamCsrfError);
    expect(error).toBeInstanceOf(UpstreamUnauthorizedError);
    expect((error as UpstreamUnauthorizedError).detail).toBe("CSRF Failed: CSRF token missing.");
  });

  it.each([401, 403])("401/403 otherwise: unauthorized error with server detail (%i)", async (status) => {
    handler = answer(status, {
      detail: "Authentication credentials were not provided.",
      redirect_to: "/login?next=/entries",
      correct_login_url: "https://other.example/login",
      service_name: "他サービス",
    });
    const error = await failure(client().call("GET", "/api/entries/", { schema: OBJECT }));
    expect(error).toBeInstanceOf(UpstreamUnauthorizedError);
    const unauthorized = error as UpstreamUnauthorizedError;
    expect(unauthorized.status).toBe(status);
    expect(unauthorized.detail).toBe("Authentication credentials were not provided.");
    expect(unauthorized.message).toBe("Authentication credentials were not provided.");
    expect(unauthorized.redirectTo).toBe("/login?next=/entries");
    expect(unauthorized.correctLoginUrl).toBe("https://other.example/login");
    expect(unauthorized.serviceName).toBe("他サービス");
  });

  it("401/403 otherwise: without a body, an unauthorized error with a message and no targets", async () => {
    handler = answer(401);
    const error = (await failure(
      client().call("GET", "/api/entries/", { schema: OBJECT }),
    )) as UpstreamUnauthorizedError;
    expect(error).toBeInstanceOf(UpstreamUnauthorizedError);
    expect(error.detail).toBeTruthy();
    expect(error.redirectTo).toBeNull();
    expect(error.correctLoginUrl).toBeNull();
    expect(error.serviceName).toBeNull();
  });

  it.each([404, 500, 502])(
    "Other statuses: server error, default message ステータス {code} (%i)",
    async (status) => {
      handler = answer(status);
      const error = await failure(client().call("GET", "/api/entries/1/", { schema: OBJECT }));
      expect(error).toBeInstanceOf(UpstreamServerError);
      const server = error as UpstreamServerError;
      expect(server.status).toBe(status);
      expect(server.detail).toBe(`ステータス ${status}`);
      expect(server.message).toBe(`ステータス ${status}`);
      expect(server.redirectTo).toBeNull();
    },
  );

  it("Other statuses: server error with the server's detail and optional redirect target", async () => {
    handler = answer(404, { detail: "Not found.", redirect_to: "/entries" });
    const error = (await failure(
      client().call("GET", "/api/entries/1/", { schema: OBJECT }),
    )) as UpstreamServerError;
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect(error.status).toBe(404);
    expect(error.detail).toBe("Not found.");
    expect(error.redirectTo).toBe("/entries");
  });

  it("No response: server error network error, status 499 (a closed port)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      client(CREDENTIALS, `http://127.0.0.1:${port}`).call("GET", "/api/entries/", { schema: OBJECT }),
    );
    expect(error).toBeInstanceOf(UpstreamNetworkError);
    expect((error as UpstreamNetworkError).status).toBe(499);
  });

  it("No response: a server that never answers gives a network error (499) after the timeout", async () => {
    handler = () => {
      /* never answers */
    };
    useTestClock();
    const outcome = failure(client().call("GET", "/api/entries/", { schema: OBJECT, timeoutMs: 200 }));
    const settled = settledFlag(outcome);
    await requestsSeen(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(UpstreamNetworkError);
    expect((error as UpstreamNetworkError).status).toBe(499);
  });

  it("an answer larger than 8 MiB (a broken upstream) is a server error (502), read no further", async () => {
    let sent = 0;
    handler = (_req, res) => {
      // No Content-Length: the app only learns the size by reading, and must stop at the cap.
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(1 << 20, 0x61);
      const write = () => {
        while (sent < 64 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) {
            res.once("drain", write);
            return;
          }
        }
        res.end();
      };
      res.on("error", () => {});
      write();
    };
    const error = await failure(client().call("GET", "/api/entries/", { schema: OBJECT, timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(UpstreamMalformedResponseError);
    expect((error as UpstreamMalformedResponseError).status).toBe(502);
    // The connection was cut near the cap: far from all 64 MiB went out.
    expect(sent).toBeLessThan(32);
  });

  it("an answer declaring more than 8 MiB in Content-Length is a server error (502) before a byte is read", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(1 << 30) });
      res.on("error", () => {});
      res.write("{");
    };
    const error = await failure(client().call("GET", "/api/entries/", { schema: OBJECT, timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(UpstreamMalformedResponseError);
    expect((error as UpstreamMalformedResponseError).status).toBe(502);
  });

  it("No response: a server that sends headers and then stalls also times out (499)", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write("{");
    };
    const error = await failure(client().call("GET", "/api/entries/", { schema: OBJECT, timeoutMs: 200 }));
    expect(error).toBeInstanceOf(UpstreamNetworkError);
    expect((error as UpstreamNetworkError).status).toBe(499);
  });
});

describe("a 2xx that is not the expected JSON is a §8 server error (502), never a logout", () => {
  const html = "<!doctype html><html><body><h1>ただいまメンテナンス中です</h1></body></html>";

  async function malformed(promise: Promise<unknown>) {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(UpstreamMalformedResponseError);
    expect((error as UpstreamMalformedResponseError).status).toBe(502);
    return error as UpstreamMalformedResponseError;
  }

  it("200 with an HTML maintenance page (text/html) is malformed", async () => {
    handler = answer(200, html, { "Content-Type": "text/html; charset=utf-8" });
    await malformed(client().call("POST", "/api/me/", { schema: OBJECT, isMeCall: true }));
  });

  it("200 with garbage under application/json is malformed", async () => {
    handler = answer(200, '{"version": "1.0", garbage');
    await malformed(client().call("POST", "/api/me/", { schema: OBJECT, isMeCall: true }));
  });

  it("200 with valid JSON under a wrong Content-Type is malformed", async () => {
    handler = answer(200, { version: "1.0" }, { "Content-Type": "text/html" });
    await malformed(client().call("GET", "/api/profile/", { schema: OBJECT }));
  });

  it("200 with an empty body where an object is expected is malformed", async () => {
    handler = answer(200);
    await malformed(client().call("POST", "/api/me/", { schema: OBJECT, isMeCall: true }));
  });

  it("200 with a JSON array (or a bare value) where an object is expected is malformed", async () => {
    handler = answer(200, [{ version: "1.0" }]);
    await malformed(client().call("GET", "/api/profile/", { schema: OBJECT }));
    handler = answer(200, "null");
    await malformed(client().call("GET", "/api/profile/", { schema: OBJECT }));
  });

  it("200 with an object where a list is expected is malformed; a list is read", async () => {
    handler = answer(200, { results: [] });
    await malformed(client().call("GET", "/api/entries/", { schema: LIST }));
    handler = answer(200, [{ id: 1 }]);
    expect(await client().call("GET", "/api/entries/", { schema: LIST })).toEqual([{ id: 1 }]);
  });

  it("a 2xx that is JSON but not of the call's schema is malformed; extra fields are not", async () => {
    const schema = z.object({ id: z.number(), note: z.string().nullable() });
    handler = answer(200, { id: "1", note: null });
    const error = await malformed(client().call("GET", "/api/entries/1/", { schema }));
    expect(error.message).toContain("GET /api/entries/1/");
    expect(error.message).toContain("id");
    handler = answer(200, { id: 1, note: null, extra: true });
    expect(await client().call("GET", "/api/entries/1/", { schema })).toEqual({ id: 1, note: null });
  });

  it("a call whose answer the app does not read accepts 204 and any JSON, but not an HTML page", async () => {
    handler = answer(204);
    await client().call("DELETE", "/api/uploads/5/", { schema: UNREAD_ANSWER });
    handler = answer(200, {});
    await client().call("POST", "/api/auth/session/delete", { schema: UNREAD_ANSWER });
    handler = answer(200, html, { "Content-Type": "text/html" });
    await malformed(client().call("DELETE", "/api/uploads/5/", { schema: UNREAD_ANSWER }));
  });

  it("application/json with parameters and +json types are JSON", async () => {
    handler = answer(200, { ok: true }, { "Content-Type": "application/json; charset=utf-8" });
    expect(await client().call("GET", "/api/profile/", { schema: OBJECT })).toEqual({ ok: true });
    handler = answer(200, { ok: true }, { "Content-Type": "application/problem+json" });
    expect(await client().call("GET", "/api/profile/", { schema: OBJECT })).toEqual({ ok: true });
  });

  it("a login answer that sets no sessionid cookie is malformed (no session came back)", async () => {
    handler = answer(200, { id: 1, version: "1.0" });
    await malformed(
      client({}).call("POST", "/api/auth/", { schema: OBJECT, json: {}, requireSessionCookie: true }),
    );
    handler = answer(200, { id: 1 }, { "Set-Cookie": "csrftoken=abc; Path=/" });
    await malformed(
      client({}).call("POST", "/api/auth/", { schema: OBJECT, json: {}, requireSessionCookie: true }),
    );
    handler = answer(200, { id: 1 }, { "Set-Cookie": "sessionid=s0123456789abcdefghijklmnopqrstu; Path=/" });
    const upstream = client({});
    await upstream.call("POST", "/api/auth/", { schema: OBJECT, json: {}, requireSessionCookie: true });
    expect(upstream.hasSession).toBe(true);
  });
});

describe("all calls of one request share one deadline", () => {
  const slow =
    (ms: number): FakeHandler =>
    (req, res, body) => {
      setTimeout(() => answer(200, { ok: true })(req, res, body), ms);
    };

  it("three calls answering after 400 ms with a 1 s budget: two succeed, the third is cut at the deadline", async () => {
    handler = slow(400);
    useTestClock();
    const upstream = new UpstreamClient(new URL(baseUrl), CREDENTIALS, "sakidori", { deadlineMs: 1_000 });
    const outcomes: string[] = [];
    const calls = (async () => {
      for (let i = 0; i < 3; i += 1) {
        try {
          await upstream.call("GET", "/api/profile/", { schema: OBJECT });
          outcomes.push("ok");
        } catch (error) {
          outcomes.push(error instanceof UpstreamNetworkError ? "499" : String(error));
        }
      }
    })();
    for (const count of [1, 2]) {
      await requestsSeen(count);
      await vi.advanceTimersByTimeAsync(400);
    }
    // Not a third full answer nor a per-call timeout: the third stops when the budget's 200 ms are up.
    await requestsSeen(3);
    await vi.advanceTimersByTimeAsync(199);
    expect(outcomes).toEqual(["ok", "ok"]);
    await vi.advanceTimersByTimeAsync(1);
    await calls;
    expect(outcomes).toEqual(["ok", "ok", "499"]);
  });

  it("once the budget is spent, the next call fails at once without reaching the upstream", async () => {
    handler = slow(400);
    useTestClock();
    const upstream = new UpstreamClient(new URL(baseUrl), CREDENTIALS, "sakidori", { deadlineMs: 300 });
    const first = failure(upstream.call("GET", "/api/profile/", { schema: OBJECT }));
    await requestsSeen(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(await first).toBeInstanceOf(UpstreamNetworkError);
    // The clock stands still from here: an answer that waited on a timer would never come.
    const error = await failure(upstream.call("GET", "/api/profile/", { schema: OBJECT }));
    expect(error).toBeInstanceOf(UpstreamNetworkError);
    expect((error as UpstreamNetworkError).status).toBe(499);
    expect(seen.length).toBe(1);
  });

  it("time the request spends elsewhere (reading a slow browser's upload) is not charged to the budget", async () => {
    handler = answer(200, { ok: true });
    useTestClock();
    const upstream = new UpstreamClient(new URL(baseUrl), CREDENTIALS, "sakidori", { deadlineMs: 300 });
    await upstream.call("GET", "/api/profile/", { schema: OBJECT });
    vi.advanceTimersByTime(400);
    expect(await upstream.call("GET", "/api/profile/", { schema: OBJECT })).toEqual({ ok: true });
  });

  it("calls under way together are charged once: two parallel 400 ms calls fit a 600 ms budget", async () => {
    handler = slow(400);
    const upstream = new UpstreamClient(new URL(baseUrl), CREDENTIALS, "sakidori", { deadlineMs: 600 });
    const both = await Promise.all([
      upstream.call("GET", "/api/profile/", { schema: OBJECT }),
      upstream.call("GET", "/api/uploads/", { schema: OBJECT }),
    ]);
    expect(both).toEqual([{ ok: true }, { ok: true }]);
    expect(await failure(upstream.call("GET", "/api/profile/", { schema: OBJECT }))).toBeInstanceOf(
      UpstreamNetworkError,
    );
  });

  it("an upload keeps its own timeout: it is not cut by the page budget and its time is not charged to it", async () => {
    handler = slow(500);
    const upstream = new UpstreamClient(new URL(baseUrl), CREDENTIALS, "sakidori", { deadlineMs: 300 });
    const body = Buffer.from("--b\r\n\r\n--b--\r\n");
    const result = await upstream.send(
      "POST",
      "/api/uploads/",
      {
        stream: Readable.from([body]),
        contentType: "multipart/form-data; boundary=b",
        contentLength: body.length,
      },
      OBJECT,
    );
    expect(result).toEqual({ ok: true });
    handler = answer(200, { ok: true });
    expect(
      await upstream.call("GET", "/api/uploads/", { schema: LIST }).catch((e: unknown) => e),
    ).not.toBeInstanceOf(UpstreamNetworkError);
  });
});
