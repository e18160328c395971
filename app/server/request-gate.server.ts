// The request gate: every request passes here before Remix sees it (docs/decisions/0003). Remix 2.17.5
// runs its own origin check on document POSTs before any route code, answering an empty 500; a
// cross-site post must be a 403 with a page the user can read (ARCHITECTURE §12).

import type http from "node:http";
import { isSameOriginWrite } from "~/domain/origin-check";
import { UNDECODABLE_ADDRESS_REASON } from "~/domain/refusal-reasons";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { appConfig } from "~/request/config.server";
import {
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
import { plainPage } from "./plain-page.server";
import { pathOf } from "~/server/request-path.server";

const FORBIDDEN_TITLE = "リクエストを受け付けられませんでした";
const FORBIDDEN_MESSAGE =
  "このリクエストは他のサイトから送信されたため、安全のため処理を中止しました（エラーコード: 403）。";

const header = (req: http.IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
};

/** A host name with an optional port, or a bracketed IPv6 literal: nothing else is a Host. */
const HOST_SYNTAX = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The host the browser addressed: the first X-Forwarded-Host a proxy added, else Host. Trusting
 * X-Forwarded-Host gives nothing away: Remix's own origin check already prefers it, a browser cannot
 * add it to a cross-site form post, and a forged one only changes the forger's own answer.
 */
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

/** True when the request may go on to Remix. */
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

/**
 * An address whose %-escapes decode to no text (/entry/detail/%E0%A4%A) would get Express's bare
 * English "Bad Request" before Remix sees it: it goes to the catch-all route instead, asked for the
 * 400 screen (app/request/error-screen-request.server.ts). Only the server asks for an error screen:
 * a browser's own header of that name is dropped.
 */
export function routeUndecodableAddress(req: http.IncomingMessage): void {
  delete req.headers[ERROR_SCREEN_HEADER];
  const path = pathOf(req);
  if (isDecodable(path)) return;
  req.headers[ERROR_SCREEN_HEADER] = UNDECODABLE_ADDRESS_SCREEN;
  req.url = ERROR_SCREEN_PATH;
}

/**
 * Who sent the request: the socket's address, or, behind `hops` trusted proxies, the address the
 * first of them saw (X-Forwarded-For's entry `hops` from its end: each proxy appends the address it
 * was reached from, and only the last `hops` entries were written by proxies we run).
 */
export function clientAddressOf(req: http.IncomingMessage, hops: number): string {
  const socket = req.socket?.remoteAddress ?? "unknown";
  if (hops <= 0) return socket;
  const forwarded = (header(req, "x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - hops] ?? forwarded[0] ?? socket;
}

/**
 * The Host Remix should see for a request that may proceed (the app works behind a proxy: decision 0008).
 * A proxy that rewrites Host (nginx's default `Host: $proxy_host`) and adds no X-Forwarded-Host
 * leaves Remix comparing the browser's Origin (the public origin, APP_BASE_URL) with the internal
 * host: its own check answers 500. When a write came from APP_BASE_URL's origin (its Origin, else
 * its Referer) and the addressed host differs, the browser used APP_BASE_URL's host: Remix's check,
 * request.url and the brand chosen by host (app/brand/brands.ts) then all follow it. Reads and every
 * other write keep the host they addressed (X-Forwarded-Host first): a brand host works directly and
 * behind a proxy that forwards the host, and a link from one brand's host to another's (whose
 * Referer is the other origin) keeps the brand of the host the user opened.
 */
export function publicHostOf(req: http.IncomingMessage): string {
  const addressed = addressedHostOf(req);
  if (SAFE_METHODS.has((req.method ?? "GET").toUpperCase())) return addressed;
  const appOrigin = appConfig().appOrigin;
  const used = originOfUrl(header(req, "origin")) ?? originOfUrl(header(req, "referer"));
  return used === appOrigin ? new URL(appOrigin).host : addressed;
}

/**
 * Answers without Cache-Control or Content-Security-Policy get the defaults: loader data, resource
 * routes, errors and the gate's own pages. Set at writeHead, since Express appends a route's headers
 * to any already set (two policies would both apply).
 */
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

/**
 * The gate as the server's middleware. `buildVersion`: the server build's version, answered at
 * /builds/latest.json (the browser runtime's new-version check, app/server/build-version.server.ts).
 */
export function requestGate(options: { buildVersion?: string } = {}) {
  const headers = fixedSecurityHeaders(appConfig().secureCookies);
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    withDefaultHeaders(res);
    if (options.buildVersion !== undefined && answerBuildMetadata(req, res, options.buildVersion)) {
      req.resume();
      return;
    }
    if (!mayProceed(req)) {
      req.resume();
      res.writeHead(403, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(plainPage(FORBIDDEN_TITLE, FORBIDDEN_MESSAGE, currentRequestScope()?.id ?? ""));
      return;
    }
    // The client's address for the rate limits: the app sees only this header, which the gate always
    // writes itself, so a client cannot choose its own.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, appConfig().trustedProxyHops);
    routeUndecodableAddress(req);
    // Remix's Express adapter builds the request's URL from originalUrl: it must see the rewrite.
    (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    // One host from here on: the one the browser used (see publicHostOf).
    req.headers.host = publicHostOf(req);
    delete req.headers["x-forwarded-host"];
    // A same-origin post under a no-referrer policy carries `Origin: null`; the gate accepted it on
    // its other signals (Sec-Fetch-Site, Referer). Remix's own check would read "null" as a foreign
    // host and answer an empty 500 (REFERENCE.md), so the opaque value goes.
    if (req.headers.origin === "null") delete req.headers.origin;
    next();
  };
}
