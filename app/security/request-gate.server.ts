// The request gate: every request the app's HTTP server receives passes here before Remix sees it.
//
// Why at the HTTP layer: remix-serve offers no middleware hook, and Remix 2.17.5 runs its own origin
// check on document POSTs before any route code, answering an empty 500 (and refusing Origin: null).
// A cross-site post must be a 403 with a page the user can read (ARCHITECTURE decision 12), so the
// gate answers first. It is installed by the server build's entry (server.ts), which remix-serve
// imports before it creates its HTTP server. See docs/decisions/0003-request-gate.md.

import http from "node:http";
import { isSameOriginWrite } from "~/domain/origin-check";
import { appConfig } from "~/upstream/config.server";
import { DEFAULT_CACHE_CONTROL, fixedSecurityHeaders } from "./headers.server";

const FORBIDDEN_PAGE = `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>リクエストを受け付けられませんでした</title></head>
<body><main><h1>リクエストを受け付けられませんでした</h1>
<p>このリクエストは他のサイトから送信されたため、安全のため処理を中止しました（エラーコード: 403）。</p>
<p><a href="/">トップページへ戻る</a></p></main></body></html>`;

export function requestOriginOf(req: http.IncomingMessage): string {
  const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim();
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return `${scheme}://${req.headers.host ?? "localhost"}`;
}

const header = (req: http.IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
};

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

/** Answers without Cache-Control get the default (loader data, resource routes, errors). */
function withDefaultCacheControl(res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithCacheControl(this: http.ServerResponse, ...args: unknown[]) {
    const given = args.find((arg) => typeof arg === "object" && arg !== null && !Array.isArray(arg)) as
      Record<string, unknown> | undefined;
    const givenCacheControl =
      given !== undefined && Object.keys(given).some((name) => name.toLowerCase() === "cache-control");
    if (!this.hasHeader("Cache-Control") && !givenCacheControl) {
      this.setHeader("Cache-Control", DEFAULT_CACHE_CONTROL);
    }
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof res.writeHead;
}

let installed = false;

export function installRequestGate(): void {
  if (installed) return;
  installed = true;
  const headers = fixedSecurityHeaders(appConfig().secureCookies);
  const originalEmit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitThroughGate(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      withDefaultCacheControl(res);
      if (!mayProceed(req)) {
        req.resume();
        res.writeHead(403, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
        res.end(FORBIDDEN_PAGE);
        return true;
      }
    }
    return originalEmit.apply(this, [event, ...args] as Parameters<typeof originalEmit>);
  } as typeof http.Server.prototype.emit;
}
