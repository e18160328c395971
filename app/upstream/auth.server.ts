// §7 account calls: me, login, logout, register.

import { z } from "zod";
import { CORPORATE_DIVISIONS, type CorporateDivision } from "~/domain/enumerations";
import type { CurrentUser } from "~/domain/user";
import { type AnswerSchema, UNREAD_ANSWER, nullAsAbsent, type UpstreamCaller } from "./client.server";
import { UpstreamAuthenticationError, UpstreamError } from "./errors.server";

// §3 Current user: every field optional, since the anonymous answer is only `{"version"}`.
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
  hashed_user_id: nullAsAbsent(z.string()),
  financial_statements_status: nullAsAbsent(z.number()),
  withdrawals_detail_status: nullAsAbsent(z.number()),
  last_withdrawals_detail_date: z.string().nullish(),
  visited_at_entry_page_after_mail_verification: z.string().nullish(),
  version: nullAsAbsent(z.string()),
}) satisfies AnswerSchema<CurrentUser & { version?: string }>;

export type MeResponse = z.infer<typeof meSchema>;

const meCache = new WeakMap<UpstreamCaller, Promise<MeResponse | null>>();

// §7: a JSON object without a version is an authentication failure (§8, logout); a non-object is a
// malformed answer (502, session kept). Asked once per request, however many guards want it.
export function fetchCurrentUser(ctx: UpstreamCaller): Promise<MeResponse | null> {
  let pending = meCache.get(ctx);
  if (!pending) {
    pending = loadCurrentUser(ctx);
    meCache.set(ctx, pending);
  }
  return pending;
}

/** One person across their sessions and devices: the user's id, else (no user) the upstream session. */
export async function personOf(ctx: UpstreamCaller): Promise<string> {
  const user = await fetchCurrentUser(ctx);
  if (user?.id !== undefined) return `user ${user.id}`;
  return `session ${ctx.session.credentials.sessionid ?? ""}`;
}

async function loadCurrentUser(ctx: UpstreamCaller): Promise<MeResponse | null> {
  if (!ctx.client.hasSession) return null;
  const user = await ctx.client.call("POST", "/api/me/", { isMeCall: true, schema: meSchema });
  if (user.version === undefined) {
    throw new UpstreamAuthenticationError("the me response has no version");
  }
  if (user.id === undefined) {
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

// Names the browser so the upstream counts wrong passwords per account and browser (docs/upstream-api/accounts.md).
export const LOGIN_DEVICE_HEADER = "X-Login-Device";

export const loginDeviceHeaders = (device: string | null): Record<string, string> =>
  device ? { [LOGIN_DEVICE_HEADER]: device } : {};

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
  /** Where the brand has a partner bank: the member consented to inform it (the upstream records when). */
  partner_data_consent?: boolean;
}

const registeredSchema = z.object({
  id: z.number(),
  email: z.string(),
  corporate_division: z.enum(CORPORATE_DIVISIONS),
});

export type RegisterResponse = z.infer<typeof registeredSchema>;

export async function register(ctx: UpstreamCaller, input: RegisterInput): Promise<RegisterResponse> {
  const created = await ctx.client.call("POST", "/api/register/", { json: input, schema: registeredSchema });
  ctx.session.persistent = false;
  ctx.session.userId = created.id;
  ctx.saveSession();
  return created;
}
