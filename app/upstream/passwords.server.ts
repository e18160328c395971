// The password calls of §7, as docs/upstream-api/accounts.md defines their bodies: the reset request,
// the reset confirmation (the e-mailed link's uid and token) and the change for a logged-in user.

import { z } from "zod";
import { loginDeviceHeaders } from "./auth.server";
import type { UpstreamCaller } from "./client.server";

/** 200 `{"detail": "…"}`: a JSON object, whose message the app does not show (its pages say it). */
const detailAnswer = z.object({});

/** §7 POST /api/password/reset/: the same 200 whether or not the address has an account. */
export async function requestPasswordReset(ctx: UpstreamCaller, email: string): Promise<void> {
  await ctx.client.call("POST", "/api/password/reset/", { json: { email }, schema: detailAnswer });
}

export interface ResetConfirmation {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

/**
 * §7 POST /api/password/reset/confirm/. The upstream ends every session of the user; when the person
 * resetting is logged in as that user, it clears `sessionid`, and the client forgets it with it.
 */
export async function confirmPasswordReset(ctx: UpstreamCaller, input: ResetConfirmation): Promise<void> {
  await ctx.client.call("POST", "/api/password/reset/confirm/", { json: input, schema: detailAnswer });
}

export interface PasswordChange {
  /** Only when the account has a usable password (the upstream ignores it otherwise). */
  old_password?: string;
  new_password1: string;
  new_password2: string;
}

/**
 * §7 POST /api/password/change/. REFERENCE.md: "a password change cycles the session key". The client
 * keeps the new `sessionid` the upstream sets, and withRequestContext saves it in the app session, so the
 * person stays logged in while every other session of theirs ends.
 */
export async function changePassword(
  ctx: UpstreamCaller,
  input: PasswordChange,
  device: string | null,
): Promise<void> {
  // A wrong current password counts as a wrong login password, in this browser's bucket.
  await ctx.client.call("POST", "/api/password/change/", {
    json: input,
    schema: detailAnswer,
    headers: loginDeviceHeaders(device),
  });
}
