// The request gate (decision 0003): Remix answers a cross-site post with an empty 500 before any
// route code; ARCHITECTURE §12 wants a 403 page the user can read.

import type http from "node:http";
import { isSameOriginWrite } from "~/domain/origin-check";
import { UNDECODABLE_ADDRESS_REASON } from "~/domain/refusal-reasons";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { brandFor } from "~/brand/brands";
import { appConfig } from "~/settings/config.server";
import { refusalScreenData } from "~/request/context.server";
import {
  CATCH_ALL_ROUTE_ID,
  ERROR_SCREEN_HEADER,
  ERROR_SCREEN_PATH,
  errorScreenHeaderValue,
} from "~/request/error-screen-request.server";
import { answerBuildMetadata } from "~/server/build-version.server";
import {
  DEFAULT_CACHE_CONTROL,
  DEFAULT_CONTENT_SECURITY_POLICY,
  fixedSecurityHeaders,
} from "~/security/headers.server";
import { currentRequestScope } from "~/telemetry/request-scope.server";
import { routeAskedBy, routeDataUrl } from "~/runtime/remix-internals";
import type { MethodsOf } from "./allowed-methods.server";
import { plainPage } from "./plain-page.server";
import { pathOf } from "~/server/request-path.server";

const FORBIDDEN_TITLE = "リクエストを受け付けられませんでした";
const FORBIDDEN_MESSAGE =
  "このリクエストは他のサイトから送信されたため、安全のため処理を中止しました（エラーコード: 403）。";

const header = (req: http.IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
};

const HOST_SYNTAX = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** Trusting X-Forwarded-Host gives nothing away: Remix prefers it and a browser cannot add it. */
export function addressedHostOf(req: http.IncomingMessage): string {
  const forwarded = (header(req, "x-forwarded-host") ?? "").split(",")[0]?.trim() ?? "";
  if (HOST_SYNTAX.test(forwarded)) return forwarded;
  return req.headers.host ?? "localhost";
}

export function requestOriginOf(req: http.IncomingMessage): string {
  const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim();
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return `${scheme}://${addressedHostOf(req)}`;
}

export function mayProceed(req: http.IncomingMessage): boolean {
  return isSameOriginWrite(
    {
      method: req.method ?? "GET",
      origin: header(req, "origin"),
      secFetchSite: header(req, "sec-fetch-site"),
      referer: header(req, "referer"),
      requestOrigin: requestOriginOf(req),
    },
    [appConfig().appOrigin],
  );
}

function originOfUrl(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const UNDECODABLE_ADDRESS_SCREEN = errorScreenHeaderValue({
  status: 400,
  data: { code: 400, badRequest: true, reason: UNDECODABLE_ADDRESS_REASON },
});

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** An undecodable address goes to the catch-all route's 400 screen, not Express's bare "Bad Request". */
export function routeUndecodableAddress(req: http.IncomingMessage): void {
  delete req.headers[ERROR_SCREEN_HEADER];
  const path = pathOf(req);
  if (isDecodable(path)) return;
  req.headers[ERROR_SCREEN_HEADER] = UNDECODABLE_ADDRESS_SCREEN;
  req.url = ERROR_SCREEN_PATH;
}

const METHOD_NOT_ALLOWED_SCREEN = errorScreenHeaderValue({ status: 405, data: refusalScreenData(405) });

/**
 * A method the address does not take is drawn as the 405 screen by the catch-all route (a page, or
 * the data the browser's router shows for `?_data=`), with Allow; OPTIONS is answered here with the
 * same Allow. Before the origin check: a method nothing serves has nothing to protect, and TRACE or
 * CONNECT never reach Remix, whose Request cannot carry them. True when the answer is given.
 */
export function routeUnservedMethod(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  methodsOf: MethodsOf,
): boolean {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return false;
  const url = req.url ?? "/";
  const allowed = methodsOf(url);
  if (method !== "OPTIONS" && allowed.includes(method)) return false;
  res.setHeader("Allow", allowed.join(", "));
  // Its body is never read.
  req.resume();
  if (method === "OPTIONS") {
    res.writeHead(204);
    res.end();
    return true;
  }
  const asksData = routeAskedBy(new URLSearchParams(url.split("?")[1] ?? "")) !== null;
  req.method = "GET";
  req.url = asksData ? routeDataUrl(ERROR_SCREEN_PATH, CATCH_ALL_ROUTE_ID) : ERROR_SCREEN_PATH;
  req.headers[ERROR_SCREEN_HEADER] = METHOD_NOT_ALLOWED_SCREEN;
  return false;
}

/** Behind `hops` trusted proxies, X-Forwarded-For's entry `hops` from its end. */
export function clientAddressOf(req: http.IncomingMessage, hops: number): string {
  const socket = req.socket?.remoteAddress ?? "unknown";
  if (hops <= 0) return socket;
  const forwarded = (header(req, "x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - hops] ?? forwarded[0] ?? socket;
}

// Behind a proxy that rewrites Host (decision 0008), a write from APP_BASE_URL's origin takes its host,
// else Remix's own check answers 500. Everything else keeps the host it addressed, so brands hold.
export function publicHostOf(req: http.IncomingMessage): string {
  const addressed = addressedHostOf(req);
  if (SAFE_METHODS.has((req.method ?? "GET").toUpperCase())) return addressed;
  const appOrigin = appConfig().appOrigin;
  const used = originOfUrl(header(req, "origin")) ?? originOfUrl(header(req, "referer"));
  return used === appOrigin ? new URL(appOrigin).host : addressed;
}

/** At writeHead: Express appends a route's headers to any already set (two policies would apply). */
function withDefaultHeaders(res: http.ServerResponse): void {
  const defaults: [string, string][] = [
    ["Cache-Control", DEFAULT_CACHE_CONTROL],
    ["Content-Security-Policy", DEFAULT_CONTENT_SECURITY_POLICY],
  ];
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithDefaults(this: http.ServerResponse, ...args: unknown[]) {
    const given = args.find((arg) => typeof arg === "object" && arg !== null && !Array.isArray(arg)) as
      Record<string, unknown> | undefined;
    const givenNames = new Set(Object.keys(given ?? {}).map((name) => name.toLowerCase()));
    for (const [name, value] of defaults) {
      if (!this.hasHeader(name) && !givenNames.has(name.toLowerCase())) this.setHeader(name, value);
    }
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof res.writeHead;
}

export function requestGate(options: { buildVersion?: string; methodsOf?: MethodsOf } = {}) {
  const headers = fixedSecurityHeaders(appConfig().secureCookies);
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    withDefaultHeaders(res);
    if (options.buildVersion !== undefined && answerBuildMetadata(req, res, options.buildVersion)) {
      req.resume();
      return;
    }
    routeUndecodableAddress(req);
    if (options.methodsOf && routeUnservedMethod(req, res, options.methodsOf)) return;
    if (!mayProceed(req)) {
      req.resume();
      res.writeHead(403, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(
        plainPage(
          FORBIDDEN_TITLE,
          FORBIDDEN_MESSAGE,
          currentRequestScope()?.id ?? "",
          brandFor(req.headers.host, appConfig().fixedBrandId),
        ),
      );
      return;
    }
    // The gate always writes this header itself, so a client cannot choose its own address.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, appConfig().trustedProxyHops);
    // Remix's Express adapter builds the request's URL from originalUrl: it must see the rewrite.
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.headers.host = publicHostOf(req);
    delete req.headers["x-forwarded-host"];
    // `Origin: null` (no-referrer) was accepted on other signals; Remix would answer 500 (REFERENCE.md).
    if (req.headers.origin === "null") delete req.headers.origin;
    next();
  };
}
