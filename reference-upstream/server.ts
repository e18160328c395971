// The reference upstream's HTTP server: one process, node:http, a router, and the conventions of
// Django REST Framework with session authentication (cookies sessionid and csrftoken, X-CSRFToken).

import http from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { checkCsrf, SAFE_METHODS } from "./auth/csrf";
import { CSRF_COOKIE, SESSION_COOKIE, clearSessionCookie, findSession } from "./auth/sessions";
import type { UpstreamConfig } from "./config";
import { type Db, openDatabase } from "./db/database";
import { recordPublicLinks } from "./public-links";
import { allRoutes } from "./handlers";
import { createContext } from "./http/context";
import { parseCookies } from "./http/cookies";
import { drainRequest } from "./http/body";
import { ApiError, DrfMessage, notAuthenticated, notFound } from "./http/errors";
import { type RequestTrail, beginRequest, createUpstreamLogger } from "./http/request-log";
import { type Reply, Router } from "./http/router";
import { findUserById } from "./users";
import { sweepTempFiles } from "./uploads/storage";
import { drainable } from "../app/server/drain.server";
import { serveSlowClients } from "../app/security/slow-clients.server";

export interface RunningUpstream {
  url: string;
  db: Db;
  config: UpstreamConfig;
  /** Stops at once, cutting whatever is under way (tests). */
  close(): Promise<void>;
  /**
   * Stops as at SIGTERM: no new connection, the requests under way given config.shutdownGraceMs to
   * finish. Answers how many had to be cut.
   */
  drain(): Promise<number>;
  /** Requests being answered now. */
  inFlight(): number;
}

export function buildRouter(): Router {
  return new Router().add(...allRoutes);
}

export function createRequestListener(db: Db, config: UpstreamConfig, router = buildRouter()) {
  const logger = createUpstreamLogger(config);
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const trail = beginRequest(logger, req, res);
    let reply: Reply;
    let setCookies: string[] = [];
    try {
      const result = await handle(req, db, config, router, trail);
      reply = result.reply;
      setCookies = result.setCookies;
    } catch (error) {
      if (error instanceof ApiError) {
        reply = { status: error.status, body: error.body, headers: error.headers };
      } else {
        logger.error({ request_id: trail.id, route: trail.route, err: error }, "unexpected error");
        reply = { status: 500, body: { detail: DrfMessage.serverError } };
      }
    }
    // Django drops a dead session's cookie rather than leave the browser sending it.
    if (reply.status === 403 && (reply.body as { detail?: string })?.detail === DrfMessage.notAuthenticated) {
      const cookies = parseCookies(req.headers.cookie);
      if (cookies[SESSION_COOKIE]) setCookies.push(clearSessionCookie());
    }
    const headers: http.OutgoingHttpHeaders = {
      "Content-Type": "application/json",
      Vary: "Accept, Cookie",
      "X-Content-Type-Options": "nosniff",
      ...reply.headers,
    };
    if (setCookies.length) headers["Set-Cookie"] = setCookies;
    if (reply.stream) {
      sendStream(req, res, reply, headers);
    } else {
      const payload = reply.body === undefined ? "" : JSON.stringify(reply.body);
      headers["Content-Length"] = Buffer.byteLength(payload);
      // A body the handler did not read (an error before or during parsing) is read to its end within
      // a bound first, so a client still sending it reads this answer, not a reset (drainRequest).
      if (!req.complete) await drainRequest(req);
      // What is left past the bound must not stall keep-alive clients either.
      if (!req.complete) req.resume();
      res.writeHead(reply.status, headers);
      res.end(req.method === "HEAD" ? undefined : payload);
    }
  };
}

/** Sends a raw body (a stored file); a read error mid-way can only cut the connection. */
function sendStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  reply: Reply,
  headers: http.OutgoingHttpHeaders,
) {
  const stream = reply.stream!;
  if (!req.complete) req.resume();
  res.writeHead(reply.status, headers);
  if (req.method === "HEAD") {
    stream.destroy();
    res.end();
    return;
  }
  pipeline(stream, res).catch(() => res.destroy());
}

async function handle(
  req: http.IncomingMessage,
  db: Db,
  config: UpstreamConfig,
  router: Router,
  trail: RequestTrail,
) {
  const url = new URL(req.url ?? "/", "http://upstream.invalid");
  const method = (req.method ?? "GET").toUpperCase();
  const match = router.match(method, url.pathname);
  if (match.kind === "found") trail.route = match.route.path;
  if (match.kind === "method-not-allowed") trail.route = match.path;
  if (match.kind === "not-found") throw notFound();
  if (match.kind === "method-not-allowed") {
    throw new ApiError(
      405,
      { detail: DrfMessage.methodNotAllowed(method) },
      { Allow: match.allowed.join(", ") },
    );
  }
  const now = config.now();
  const cookies = parseCookies(req.headers.cookie);
  const session = findSession(db, cookies[SESSION_COOKIE], now);
  const user = session ? findUserById(db, session.user_id) : null;
  const activeUser = user && user.is_active === 1 ? user : null;
  const requestedService = String(req.headers["x-service-id"] ?? "");
  const serviceId = config.services.some((service) => service.id === requestedService)
    ? requestedService
    : config.services[0]!.id;

  if (match.route.auth !== "optional" && !activeUser) throw notAuthenticated();
  // DRF's SessionAuthentication enforces CSRF only for an authenticated request.
  if (activeUser && !SAFE_METHODS.has(method)) {
    const header = req.headers["x-csrftoken"];
    checkCsrf(method, cookies[CSRF_COOKIE], Array.isArray(header) ? header[0] : header);
  }
  const ctx = createContext({
    req,
    url,
    params: match.params,
    db,
    config,
    now,
    cookies,
    session: activeUser ? session : null,
    user: activeUser,
    serviceId,
  });
  const reply = await match.route.handler(ctx);
  return { reply, setCookies: ctx.setCookies };
}

/** Opens the database in config.dataDir and listens; port 0 picks a free port, and a router of its own (tests). */
export async function startUpstream(
  config: UpstreamConfig,
  router = buildRouter(),
): Promise<RunningUpstream> {
  const db = openDatabase(config.dataDir);
  recordPublicLinks(db, config);
  await sweepTempFiles(config.dataDir);
  const server = http.createServer(createRequestListener(db, config, router));
  server.keepAliveTimeout = 5_000;
  serveSlowClients(server, {
    windowMs: config.bodyRateWindowMs,
    minBytesPerSecond: config.bodyMinBytesPerSecond,
  });
  const draining = drainable(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${address.port}`,
    db,
    config,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
    inFlight: () => draining.inFlight,
    drain: async () => {
      const cut = await draining.drain(config.shutdownGraceMs);
      db.close();
      return cut;
    },
  };
}
