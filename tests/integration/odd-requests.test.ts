// Odd requests are 4xx and quiet: a `?_data=` naming no route of the address is a 404, a method the
// app does not serve a 405 with `Allow` (OPTIONS a 204 saying the same), and none of them is an
// error line or a 5xx in the metrics, so a scanner cannot page the operator. What the app does serve
// keeps working. Against the built app and the reference upstream (bench/servers.ts; run
// `npm run build` first), its JSON log captured and its metrics on METRICS_PORT.

import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Servers, startServers } from "../../bench/servers";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../reference-upstream/seed";
import { findFreePort } from "../../scripts/ports";
import { type Answer, send } from "../e2e/support-http";

let servers: Servers;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await findFreePort();
  servers = await startServers({ captureAppLog: true, appEnv: { METRICS_PORT: String(metricsPort) } });
}, 60_000);
afterAll(() => servers?.stop());

interface LogLine {
  level: string;
  msg: string;
  request_id?: string;
  method?: string;
  route?: string;
  status?: number;
  err?: { message?: string; stack?: string };
}

const lines = (): LogLine[] =>
  servers.appLog.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine);

/** The request's own line, once its answer has ended. */
const requestLineOf = (requestId: string): Promise<LogLine> =>
  vi.waitFor(
    () => {
      const found = lines().find((line) => line.msg === "request" && line.request_id === requestId);
      if (!found) throw new Error(`no request line for ${requestId}`);
      return found;
    },
    { timeout: 2_000, interval: 20 },
  );

let sent = 0;
/** One request with its own id, answered and logged. */
async function ask(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer & { line: LogLine }> {
  const id = `t-odd-${++sent}`;
  const answer = await send(`${servers.appUrl}${path}`, {
    method,
    headers: { "X-Request-ID": id, ...headers },
    ...(body === undefined ? {} : { body }),
  });
  return { ...answer, line: await requestLineOf(id) };
}

const sameSite = () => ({ Origin: servers.appUrl, "Content-Type": "application/x-www-form-urlencoded" });
const dataOf = (route: string) => `_data=${encodeURIComponent(route)}`;

describe("a `?_data=` request naming no route of its address", () => {
  it.each([
    ["a route that does not exist", "/login", "routes/nope"],
    ["a route of another address", "/login", "routes/_mypage.mypage"],
    ["the catch-all, at a page's address", "/terms", "routes/$"],
  ])("%s is a 404 the browser's router shows as page-not-found, logged at info", async (_, path, route) => {
    const answer = await ask("GET", `${path}?${dataOf(route)}`);
    expect(answer.status).toBe(404);
    expect(answer.headers["x-remix-catch"]).toBe("yes");
    expect(answer.headers["x-remix-error"]).toBeUndefined();
    expect(JSON.parse(answer.body)).toEqual({ code: 404, requestId: answer.headers["x-request-id"] });
    expect(answer.line).toMatchObject({ level: "info", method: "GET", route: path, status: 404 });
  });

  it("a post naming a route that does not exist is a 404 too", async () => {
    const answer = await ask("POST", `/login?${dataOf("routes/nope")}`, sameSite(), "a=1");
    expect(answer.status).toBe(404);
    expect(answer.headers["x-remix-catch"]).toBe("yes");
  });

  it("a layout of the address that has no data is the app's 400 refusal, not a 500", async () => {
    const answer = await ask("GET", `/login?${dataOf("routes/_anonymous")}`);
    expect(answer.status).toBe(400);
    expect(answer.headers["x-remix-catch"]).toBe("yes");
    expect(JSON.parse(answer.body)).toMatchObject({ code: 400, badRequest: true });
  });

  it("the route of the address still answers its data", async () => {
    const answer = await ask("GET", `/login?${dataOf("routes/_anonymous.login")}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["x-remix-response"]).toBe("yes");
  });
});

describe("a method the app does not serve", () => {
  const READ_ONLY = "GET, HEAD, OPTIONS";
  const WITH_POST = "GET, HEAD, OPTIONS, POST";

  it.each(["TRACE", "PROPFIND", "PURGE", "PUT", "PATCH", "DELETE"])(
    "%s /terms is a 405 naming what /terms takes, the error screen in Japanese, logged at info",
    async (method) => {
      const answer = await ask(method, "/terms", { Accept: "text/html" });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe(READ_ONLY);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain("<title>リクエストを処理できませんでした | サキドリ</title>");
      expect(answer.body).toContain("リクエストを処理できませんでした（エラーコード: 405）");
      expect(answer.body).toContain("お問い合わせ番号");
      expect(answer.line).toMatchObject({ level: "info", method, route: "/terms", status: 405 });
    },
  );

  it("from another site, without an Origin, TRACE is still the 405 (nothing there to protect)", async () => {
    const answer = await ask("TRACE", "/login", { Origin: "https://evil.example" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(WITH_POST);
  });

  it("a post to a page without an action is the 405 with its Allow; to a page with one, a 405 for PUT names POST", async () => {
    const post = await ask("POST", "/terms", sameSite(), "a=1");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe(READ_ONLY);
    const put = await ask("PUT", "/login", sameSite(), "a=1");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe(WITH_POST);
  });

  it("a resource route that only reads (/entry/banks) refuses a post with 405", async () => {
    const answer = await ask("POST", "/entry/banks", sameSite(), "q=a");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(READ_ONLY);
  });

  it("a `?_data=` request with such a method gets the refusal as data the browser's router shows", async () => {
    const answer = await ask("PUT", `/login?${dataOf("routes/_anonymous.login")}`, sameSite(), "a=1");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(WITH_POST);
    expect(answer.headers["x-remix-catch"]).toBe("yes");
    expect(JSON.parse(answer.body)).toMatchObject({ code: 405, badRequest: true });
  });

  it("OPTIONS answers 204 with what the address takes", async () => {
    const login = await ask("OPTIONS", "/login");
    expect(login.status).toBe(204);
    expect(login.headers.allow).toBe(WITH_POST);
    expect(login.body).toBe("");
    const terms = await ask("OPTIONS", "/terms");
    expect(terms.headers.allow).toBe(READ_ONLY);
  });

  it("CONNECT is a 405 with Allow, and the connection closes", async () => {
    const { port } = new URL(servers.appUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(port) }, () =>
        socket.write("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n"),
      );
      let text = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toMatch(/\r\nAllow: GET, HEAD, OPTIONS\r\n/);
  });
});

describe("what the app serves still works", () => {
  it("GET and HEAD of a page, an asset and the health check", async () => {
    expect((await ask("GET", "/terms")).status).toBe(200);
    const head = await ask("HEAD", "/terms");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect((await ask("GET", "/favicon.svg")).status).toBe(200);
    expect((await send(`${servers.appUrl}/healthz`)).status).toBe(200);
  });

  it("a login's post, a resource route's read, and a logout's post", async () => {
    const login = await ask(
      "POST",
      "/login",
      sameSite(),
      new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
    );
    expect(login.status).toBe(302);
    const cookie = login.headers["set-cookie"]!.map((header) => header.split(";")[0]).join("; ");
    expect((await ask("GET", "/entry/banks?q=%E3%81%BF", { Cookie: cookie })).status).toBe(200);
    const logout = await ask("POST", "/logout", { ...sameSite(), Cookie: cookie }, "");
    expect(logout.status).toBe(302);
    expect(logout.headers.location).toBe("/login?error=logged_out");
  });

  it("a post to an address no page has is still the page-not-found screen", async () => {
    const answer = await ask("POST", "/no-such-page", sameSite(), "a=1");
    expect(answer.status).toBe(404);
  });
});

describe("none of it pages the operator", () => {
  it("no line above info, no `[object Object]`, and no 5xx in the server histogram", async () => {
    // After every test above has been answered and logged.
    const all = lines();
    expect(all.filter((line) => line.level === "error" || line.level === "warn")).toEqual([]);
    expect(servers.appLog.join("\n")).not.toContain("[object Object]");
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const counts = metrics
      .split("\n")
      .filter((line) => line.startsWith("http_server_request_duration_seconds_count{"));
    expect(counts.filter((line) => /http_response_status_code="5\d\d"/.test(line))).toEqual([]);
    expect(counts.some((line) => /http_response_status_code="405"/.test(line))).toBe(true);
    // Methods OpenTelemetry does not name are one label value, `_OTHER`.
    expect(counts.some((line) => line.includes('http_request_method="_OTHER"'))).toBe(true);
    expect(counts.some((line) => line.includes('http_request_method="PROPFIND"'))).toBe(false);
  });
});
