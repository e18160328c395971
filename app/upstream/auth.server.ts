// The account calls of §7: me, login, logout, register.

import { z } from "zod";
import { CORPORATE_DIVISIONS, type CorporateDivision } from "~/domain/enumerations";
import type { CurrentUser } from "~/domain/user";
import { type AnswerSchema, UNREAD_ANSWER, nullAsAbsent, type UpstreamCaller } from "./client.server";
import { UpstreamAuthenticationError, UpstreamError } from "./errors.server";

/**
 * §3 Current user as POST /api/me/ and POST /api/auth/ return it: the fields the rules read (domain
 * CurrentUser), each optional since the anonymous answer is only `{"version"}`, and the version §7
 * requires. Every other field (next_page and back_page, which §7 drops, included) is ignored.
 */
const meSchema = z.object({
  id: nullAsAbsent(z.number()),
  email: nullAsAbsent(z.string()),
  first_name: nullAsAbsent(z.string()),
  last_name: nullAsAbsent(z.string()),
  corporate_division: nullAsAbsent(z.enum(CORPORATE_DIVISIONS)),
  company_name: nullAsAbsent(z.string()),
  identity_confirmation: nullAsAbsent(z.number()),
  identity_valid_date: z.string().nullish(),
  has_pre_entry_declined: nullAsAbsent(z.boolean()),
  has_satisfied_profile: nullAsAbsent(z.boolean()),
  allow_redirect_to_profile: nullAsAbsent(z.boolean()),
  is_email_verified: nullAsAbsent(z.boolean()),
  user_segment: nullAsAbsent(z.string()),
  /** §3 the analytics view's pseudonymous id (app/request/analytics.server.ts). */
  hashed_user_id: nullAsAbsent(z.string()),
  financial_statements_status: nullAsAbsent(z.number()),
  withdrawals_detail_status: nullAsAbsent(z.number()),
  last_withdrawals_detail_date: z.string().nullish(),
  // Read by My page: once set, the visit is not recorded again (a write per page view otherwise).
  visited_at_entry_page_after_mail_verification: z.string().nullish(),
  version: nullAsAbsent(z.string()),
}) satisfies AnswerSchema<CurrentUser & { version?: string }>;

export type MeResponse = z.infer<typeof meSchema>;

const meCache = new WeakMap<UpstreamCaller, Promise<MeResponse | null>>();

/**
 * §7 POST /api/me/: the current user, or null when not logged in. "The response must contain a
 * version" (§7): a JSON object without one is an authentication failure (§8, logout). An answer that
 * is not a JSON object at all (a maintenance page) is the upstream failing: the client throws a
 * malformed-answer error (502) and the session is kept, as for a user field of the wrong type.
 * Asked once per request, however many guards want it.
 */
export function fetchCurrentUser(ctx: UpstreamCaller): Promise<MeResponse | null> {
  let pending = meCache.get(ctx);
  if (!pending) {
    pending = loadCurrentUser(ctx);
    meCache.set(ctx, pending);
  }
  return pending;
}

async function loadCurrentUser(ctx: UpstreamCaller): Promise<MeResponse | null> {
  if (!ctx.client.hasSession) return null;
  const user = await ctx.client.call("POST", "/api/me/", { isMeCall: true, schema: meSchema });
  if (user.version === undefined) {
    throw new UpstreamAuthenticationError("the me response has no version");
  }
  if (user.id === undefined) {
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
 * The header that names a browser the app knows for the account (its device cookie's id), so the
 * upstream counts wrong passwords per account and browser as the app does (docs/upstream-api/accounts.md).
 */
export const LOGIN_DEVICE_HEADER = "X-Login-Device";

/** The call's headers for a known browser; none for a new one. */
export const loginDeviceHeaders = (device: string | null): Record<string, string> =>
  device ? { [LOGIN_DEVICE_HEADER]: device } : {};

/**
 * §7 POST /api/auth/. The upstream cycles its session and CSRF cookies; the client keeps the new ones.
 * An answer that sets no sessionid brought back no session: UpstreamMalformedResponseError, not a login.
 * `device`: this browser's id when the app knows it for the account (app/security/device-cookie.server.ts).
 */
export async function login(
  ctx: UpstreamCaller,
  input: LoginInput,
  device: string | null,
): Promise<MeResponse> {
  const user = await ctx.client.call("POST", "/api/auth/", {
    json: input,
    schema: meSchema,
    requireSessionCookie: true,
    headers: loginDeviceHeaders(device),
  });
  ctx.session.persistent = input.persistLoginState;
  if (user.id !== undefined) ctx.session.userId = user.id;
  ctx.saveSession();
  return user;
}

/** §7 POST /api/auth/session/delete, then the app session ends whatever the upstream answered. */
export async function logout(ctx: UpstreamCaller): Promise<void> {
  try {
    if (ctx.client.hasSession)
      await ctx.client.call("POST", "/api/auth/session/delete", { schema: UNREAD_ANSWER });
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

/** §7 "Response: id, email, corporate_division." */
const registeredSchema = z.object({
  id: z.number(),
  email: z.string(),
  corporate_division: z.enum(CORPORATE_DIVISIONS),
});

export type RegisterResponse = z.infer<typeof registeredSchema>;

/** §7 POST /api/register/: the upstream creates the account and logs it in (a browser-session login). */
export async function register(ctx: UpstreamCaller, input: RegisterInput): Promise<RegisterResponse> {
  const created = await ctx.client.call("POST", "/api/register/", { json: input, schema: registeredSchema });
  ctx.session.persistent = false;
  ctx.session.userId = created.id;
  ctx.saveSession();
  return created;
}
