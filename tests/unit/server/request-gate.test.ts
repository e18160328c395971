import type http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";

// appConfig() reads the environment once: the public origin is the proxy's.
beforeAll(() => {
  process.env.APP_BASE_URL = "https://app.example";
});

const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers }) as unknown as http.IncomingMessage;

describe("works behind a proxy: Remix sees the host the browser used", () => {
  it("a write from APP_BASE_URL's origin through a proxy that rewrote Host gets APP_BASE_URL's host", async () => {
    const { mayProceed, publicHostOf } = await import("~/server/request-gate.server");
    const post = request("POST", { host: "127.0.0.1:3000", origin: "https://app.example" });
    expect(mayProceed(post)).toBe(true);
    expect(publicHostOf(post)).toBe("app.example");
  });
  it("a proxy's X-Forwarded-Host is the addressed host (brand hosts behind a proxy)", async () => {
    const { mayProceed, publicHostOf } = await import("~/server/request-gate.server");
    const post = request("POST", {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "midori.app.example, 10.0.0.1",
      "x-forwarded-proto": "https",
      origin: "https://midori.app.example",
    });
    expect(mayProceed(post)).toBe(true);
    expect(publicHostOf(post)).toBe("midori.app.example");
    expect(publicHostOf(request("GET", { host: "x", "x-forwarded-host": "midori.app.example" }))).toBe(
      "midori.app.example",
    );
  });
  it("a read keeps its host even when its Referer is APP_BASE_URL (a link to a brand host)", async () => {
    const { publicHostOf } = await import("~/server/request-gate.server");
    const get = request("GET", { host: "midori.app.example", referer: "https://app.example/" });
    expect(publicHostOf(get)).toBe("midori.app.example");
  });
  it("a malformed X-Forwarded-Host is ignored", async () => {
    const { publicHostOf } = await import("~/server/request-gate.server");
    expect(publicHostOf(request("GET", { host: "app.example", "x-forwarded-host": "a b/c" }))).toBe(
      "app.example",
    );
  });
  it("a write from another site is still refused", async () => {
    const { mayProceed } = await import("~/server/request-gate.server");
    expect(mayProceed(request("POST", { host: "127.0.0.1:3000", origin: "https://evil.example" }))).toBe(
      false,
    );
  });
});

describe("the client's address the rate limits count by", () => {
  const from = (remoteAddress: string, forwardedFor?: string) =>
    ({
      method: "POST",
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
      socket: { remoteAddress },
    }) as unknown as http.IncomingMessage;

  it("without a trusted proxy, the socket's address; a forged X-Forwarded-For changes nothing", async () => {
    const { clientAddressOf } = await import("~/server/request-gate.server");
    expect(clientAddressOf(from("203.0.113.5"), 0)).toBe("203.0.113.5");
    expect(clientAddressOf(from("203.0.113.5", "1.2.3.4"), 0)).toBe("203.0.113.5");
  });

  it("behind N trusted proxies, the address the first of them saw (N from the end of X-Forwarded-For)", async () => {
    const { clientAddressOf } = await import("~/server/request-gate.server");
    // A client forged "6.6.6.6"; nginx appended the address it was reached from.
    expect(clientAddressOf(from("127.0.0.1", "6.6.6.6, 198.51.100.9"), 1)).toBe("198.51.100.9");
    expect(clientAddressOf(from("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.1"), 2)).toBe("198.51.100.9");
  });
});

describe("every answer is a page: an address that cannot be decoded", () => {
  const at = (url: string, headers: Record<string, string> = {}) =>
    ({ method: "GET", url, headers }) as unknown as http.IncomingMessage;

  it("an address whose %-escapes are no UTF-8 goes to the catch-all route, asked for the 400 screen with why", async () => {
    const { routeUndecodableAddress } = await import("~/server/request-gate.server");
    const { ERROR_SCREEN_HEADER, ERROR_SCREEN_PATH, errorScreenAsked } =
      await import("~/request/error-screen-request.server");
    for (const url of ["/entry/detail/%E0%A4%A", "/%C0%AF?x=1", "/a%"]) {
      const req = at(url);
      routeUndecodableAddress(req);
      expect(req.url).toBe(ERROR_SCREEN_PATH);
      const asked = errorScreenAsked(
        new Request("http://app.example/", {
          headers: { [ERROR_SCREEN_HEADER]: String(req.headers[ERROR_SCREEN_HEADER]) },
        }),
      );
      expect(asked).toEqual({
        status: 400,
        data: { code: 400, badRequest: true, reason: "ページのアドレス（URL）が正しくありません。" },
      });
    }
  });

  it("any other address is left as it is, and a browser cannot ask for an error screen itself", async () => {
    const { routeUndecodableAddress } = await import("~/server/request-gate.server");
    const { ERROR_SCREEN_HEADER } = await import("~/request/error-screen-request.server");
    const req = at("/entry/detail/12?q=%E0%A4%A", { [ERROR_SCREEN_HEADER]: "forged" });
    routeUndecodableAddress(req);
    expect(req.url).toBe("/entry/detail/12?q=%E0%A4%A");
    expect(req.headers[ERROR_SCREEN_HEADER]).toBeUndefined();
  });
});

describe("a method the address does not take", () => {
  const READ = ["GET", "HEAD", "OPTIONS"] as const;
  const methodsOf = (url: string) => (url.startsWith("/login") ? [...READ, "POST"] : READ);

  /** A request and an answer that records what the gate wrote. */
  function exchange(method: string, url: string, headers: Record<string, string> = {}) {
    const req = { method, url, headers, resume: () => undefined } as unknown as http.IncomingMessage;
    const written: { status?: number; headers: Record<string, string>; ended: boolean } = {
      headers: {},
      ended: false,
    };
    const res = {
      setHeader: (name: string, value: string) => (written.headers[name.toLowerCase()] = value),
      writeHead: (status: number) => (written.status = status),
      end: () => (written.ended = true),
    } as unknown as http.ServerResponse;
    return { req, res, written };
  }

  it("GET, HEAD and a POST where there is an action pass as they came", async () => {
    const { routeUnservedMethod } = await import("~/server/request-gate.server");
    for (const [method, url] of [
      ["GET", "/terms"],
      ["HEAD", "/terms"],
      ["POST", "/login?x=1"],
    ] as const) {
      const { req, res, written } = exchange(method, url);
      expect(routeUnservedMethod(req, res, methodsOf)).toBe(false);
      expect(req).toMatchObject({ method, url });
      expect(written.headers.allow).toBeUndefined();
    }
  });

  it("OPTIONS is answered 204 with Allow", async () => {
    const { routeUnservedMethod } = await import("~/server/request-gate.server");
    const { req, res, written } = exchange("OPTIONS", "/login");
    expect(routeUnservedMethod(req, res, methodsOf)).toBe(true);
    expect(written).toEqual({ status: 204, headers: { allow: "GET, HEAD, OPTIONS, POST" }, ended: true });
  });

  it("TRACE, PROPFIND, PUT or a POST without an action goes to the 405 screen as a GET, with Allow", async () => {
    const { routeUnservedMethod } = await import("~/server/request-gate.server");
    const { ERROR_SCREEN_HEADER, ERROR_SCREEN_PATH, errorScreenAsked } =
      await import("~/request/error-screen-request.server");
    for (const [method, url, allow] of [
      ["TRACE", "/terms", "GET, HEAD, OPTIONS"],
      ["PROPFIND", "/terms", "GET, HEAD, OPTIONS"],
      ["PUT", "/login", "GET, HEAD, OPTIONS, POST"],
      ["POST", "/terms", "GET, HEAD, OPTIONS"],
    ] as const) {
      const { req, res, written } = exchange(method, url);
      expect(routeUnservedMethod(req, res, methodsOf)).toBe(false);
      expect(written.headers.allow).toBe(allow);
      expect(req).toMatchObject({ method: "GET", url: ERROR_SCREEN_PATH });
      const asked = errorScreenAsked(
        new Request("http://app.example/", {
          headers: { [ERROR_SCREEN_HEADER]: String(req.headers[ERROR_SCREEN_HEADER]) },
        }),
      );
      expect(asked).toEqual({
        status: 405,
        data: {
          code: 405,
          badRequest: true,
          reason: "このページは、この方法でのリクエストを受け付けていません。",
        },
      });
    }
  });

  it("a `?_data=` request goes to the catch-all route's data, so the browser's router shows the screen", async () => {
    const { routeUnservedMethod } = await import("~/server/request-gate.server");
    const { req, res } = exchange("PUT", "/login?_data=routes%2F_anonymous.login");
    routeUnservedMethod(req, res, methodsOf);
    expect(req.url).toBe("/__error-screen?_data=routes%2F%24");
  });
});
