// What a handler receives: the request, its session and user, the database and configuration.

import type { IncomingMessage } from "node:http";
import type { SessionRow } from "../auth/sessions";
import type { UpstreamConfig } from "../config";
import type { Db } from "../db/database";
import type { UserRow } from "../users";
import { readJsonBody } from "./body";
import { notAuthenticated } from "./errors";

export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  db: Db;
  config: UpstreamConfig;
  now: Date;
  cookies: Record<string, string>;
  session: SessionRow | null;
  user: UserRow | null;
  /** The brand the request is for (header X-Service-Id), defaulting to the first service. */
  serviceId: string;
  /** Set-Cookie values to send with the reply (a handler may rotate the session or CSRF cookie). */
  setCookies: string[];
  readJson(): Promise<unknown>;
  requireUser(): UserRow;
}

export function createContext(
  base: Omit<RequestContext, "readJson" | "requireUser" | "setCookies">,
): RequestContext {
  const ctx: RequestContext = {
    ...base,
    setCookies: [],
    readJson: () => readJsonBody(base.req),
    requireUser() {
      if (!ctx.user) throw notAuthenticated();
      return ctx.user;
    },
  };
  return ctx;
}

/** A numeric route parameter (the router only lets digits through). */
export function idParam(ctx: RequestContext, name = "id"): number {
  return Number(ctx.params[name]);
}
