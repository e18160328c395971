// §7 password calls, bodies as docs/upstream-api/accounts.md defines them.

import { z } from "zod";
import { loginDeviceHeaders } from "./auth.server";
import type { UpstreamCaller } from "./client.server";

const detailAnswer = z.object({});

export async function requestPasswordReset(ctx: UpstreamCaller, email: string): Promise<void> {
  await ctx.client.call("POST", "/api/password/reset/", { json: { email }, schema: detailAnswer });
}

export interface ResetConfirmation {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

export async function confirmPasswordReset(ctx: UpstreamCaller, input: ResetConfirmation): Promise<void> {
  await ctx.client.call("POST", "/api/password/reset/confirm/", { json: input, schema: detailAnswer });
}

export interface PasswordChange {
  old_password?: string;
  new_password1: string;
  new_password2: string;
}

// Cycles the session key (docs/REFERENCE.md): the client keeps the new sessionid, so only other sessions end.
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
