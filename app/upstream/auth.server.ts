// The account calls of §7: me, login, logout, register.

import type { CorporateDivision } from "~/domain/enumerations";
import type { CurrentUser } from "~/domain/user";
import type { RequestContext } from "~/request/context.server";
import { UpstreamAuthenticationError, UpstreamError } from "./errors.server";

/** §3 Current user as POST /api/me/ returns it (only what the app reads). */
export interface MeResponse extends CurrentUser {
  version?: string;
  next_page?: unknown;
  back_page?: unknown;
}

const meCache = new WeakMap<RequestContext, Promise<MeResponse | null>>();

/**
 * §7 POST /api/me/: the current user, or null when not logged in. "The response must contain a
 * version" (§7): a JSON object without one is an authentication failure (§8, logout). An answer that
 * is not a JSON object at all (a maintenance page) is the upstream failing: the client throws a
 * malformed-answer error (502) and the session is kept. next_page and back_page are dropped.
 * Asked once per request, however many guards want it.
 */
export function fetchCurrentUser(ctx: RequestContext): Promise<MeResponse | null> {
  let pending = meCache.get(ctx);
  if (!pending) {
    pending = loadCurrentUser(ctx);
    meCache.set(ctx, pending);
  }
  return pending;
}

async function loadCurrentUser(ctx: RequestContext): Promise<MeResponse | null> {
  if (!ctx.client.hasSession) return null;
  const me = await ctx.client.call<MeResponse>("POST", "/api/me/", { isMeCall: true });
  if (typeof me.version !== "string") {
    throw new UpstreamAuthenticationError("the me response has no version");
  }
  const { next_page: _next, back_page: _back, ...user } = me;
  if (typeof user.id !== "number") {
    // The upstream no longer knows this session: forget it.
    ctx.endSession();
    return null;
  }
  return user;
}

export interface LoginInput {
  email: string;
  password: string;
  persistLoginState: boolean;
}

/**
 * §7 POST /api/auth/. The upstream cycles its session and CSRF cookies; the client keeps the new ones.
 * An answer that sets no sessionid brought back no session: UpstreamMalformedResponseError, not a login.
 */
export async function login(ctx: RequestContext, input: LoginInput): Promise<MeResponse> {
  const user = await ctx.client.call<MeResponse>("POST", "/api/auth/", {
    json: input,
    requireSessionCookie: true,
  });
  ctx.session.persistent = input.persistLoginState;
  ctx.saveSession();
  return user;
}

/** §7 POST /api/auth/session/delete, then the app session ends whatever the upstream answered. */
export async function logout(ctx: RequestContext): Promise<void> {
  try {
    if (ctx.client.hasSession)
      await ctx.client.call("POST", "/api/auth/session/delete", { expect: "nothing" });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Logging out must always work locally, even when the upstream session is already gone.
  }
  ctx.endSession();
}

export interface RegisterInput {
  email: string;
  password: string;
  corporate_division: CorporateDivision;
  experiment_user_id?: string;
}

export interface RegisterResponse {
  id: number;
  email: string;
  corporate_division: CorporateDivision;
}

/** §7 POST /api/register/: the upstream creates the account and logs it in (a browser-session login). */
export async function register(ctx: RequestContext, input: RegisterInput): Promise<RegisterResponse> {
  const created = await ctx.client.call<RegisterResponse>("POST", "/api/register/", { json: input });
  ctx.session.persistent = false;
  ctx.saveSession();
  return created;
}
