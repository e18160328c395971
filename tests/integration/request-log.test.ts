// One JSON line per request on the app's stdout: time, level, the request id (the client's short
// token, else a new one), method, the route template (never the raw URL), status, duration, the
// upstream calls made and their time, and the user as a keyed hash, never an e-mail, a token or a
// cookie. Health probes stay out of the info level. Runs against the server build (npm test builds
// before vitest; alone, run npm run build first).

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Servers, startServers } from "../../bench/servers";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../reference-upstream/seed";

let servers: Servers;

beforeAll(async () => {
  servers = await startServers({ captureAppLog: true });
}, 60_000);
afterAll(() => servers?.stop());

interface LogLine {
  level: string;
  time: string;
  msg: string;
  request_id?: string;
  method?: string;
  route?: string;
  status?: number;
  duration_ms?: number;
  upstream_calls?: number;
  upstream_ms?: number;
  user?: string;
}

const lines = (): LogLine[] =>
  servers.appLog.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine);

/** The request's line, once the answer has ended (it is written when the connection's answer closes). */
function lineOf(requestId: string): Promise<LogLine> {
  return vi.waitFor(
    () => {
      const found = lines().find((line) => line.msg === "request" && line.request_id === requestId);
      if (!found) throw new Error(`no log line for ${requestId}`);
      return found;
    },
    { timeout: 2_000, interval: 20 },
  );
}

describe("the request log", () => {
  it("a request with X-Request-ID: t-123 is one line with that id, its route template, status and figures", async () => {
    const response = await fetch(`${servers.appUrl}/entry/detail/12345?tab=claims`, {
      headers: { "X-Request-ID": "t-123" },
      redirect: "manual",
    });
    expect(response.headers.get("x-request-id")).toBe("t-123");
    const line = await lineOf("t-123");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "/entry/detail/:entryId",
      status: response.status,
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    expect(line.upstream_calls).toBeGreaterThanOrEqual(0);
    expect(line.upstream_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toContain("12345");
    expect(lines().filter((other) => other.request_id === "t-123" && other.msg === "request")).toHaveLength(
      1,
    );
  });

  it("no id, or one that is no short token, gets a generated one: in the answer and in the line", async () => {
    for (const sent of [undefined, "not a token!"]) {
      const response = await fetch(`${servers.appUrl}/no-such-page`, {
        headers: sent ? { "X-Request-ID": sent } : {},
      });
      const made = response.headers.get("x-request-id") ?? "";
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lineOf(made)).toMatchObject({ route: "/*", status: 404 });
    }
  });

  it("a logged-in user's requests name the user by a keyed hash; no line carries the e-mail, password or cookies", async () => {
    const login = await fetch(`${servers.appUrl}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: servers.appUrl,
        "X-Request-ID": "t-login",
      },
      body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    const mypage = await fetch(`${servers.appUrl}/mypage`, {
      headers: { Cookie: cookies.join("; "), "X-Request-ID": "t-mypage" },
    });
    expect(mypage.status).toBe(200);
    const line = await lineOf("t-mypage");
    expect(line.user).toMatch(/^[0-9a-f]{16}$/);
    expect(line.upstream_calls).toBeGreaterThan(0);
    expect((await lineOf("t-login")).route).toBe("/login");
    const all = servers.appLog.join("\n");
    for (const secret of [DEMO_EMAIL, DEMO_PASSWORD, ...cookies.map((cookie) => cookie.split("=")[1]!)]) {
      expect(all).not.toContain(secret);
    }
  });

  it("health probes are not logged at the info level", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const response = await fetch(`${servers.appUrl}${path}`, {
        headers: { "X-Request-ID": `t-probe-${path.slice(1)}` },
      });
      expect(response.status).toBe(200);
    }
    await lineOf("t-123");
    expect(lines().some((line) => line.request_id?.startsWith("t-probe-"))).toBe(false);
  });
});
