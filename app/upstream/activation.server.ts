// E-mail activation (contract addition, README: POST /api/register/activation/ and
// /api/register/activation/resend/) and §7 POST /api/me/visited_at_entry_page_after_mail_verification.

import { UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import {
  UpstreamCsrfError,
  UpstreamError,
  UpstreamUnauthorizedError,
  UpstreamValidationError,
} from "./errors.server";
import { logger } from "~/telemetry/logger.server";

export type ActivationOutcome = "verified" | "invalidKey";

/**
 * Uses the key of the activation mail. Works with or without a session (the mail may be opened on
 * another device). An unknown, used or expired key is an expected outcome, not an error.
 */
export async function activateEmail(ctx: UpstreamCaller, key: string): Promise<ActivationOutcome> {
  try {
    await ctx.client.call("POST", "/api/register/activation/", { json: { key }, schema: UNREAD_ANSWER });
    return "verified";
  } catch (error) {
    if (error instanceof UpstreamValidationError) return "invalidKey";
    throw error;
  }
}

export type ResendOutcome = "sent" | "alreadyVerified";

/** Sends a new activation mail; the upstream invalidates the keys sent before. */
export async function resendActivationMail(ctx: UpstreamCaller): Promise<ResendOutcome> {
  try {
    await ctx.client.call("POST", "/api/register/activation/resend/", { schema: UNREAD_ANSWER });
    return "sent";
  } catch (error) {
    // 400 {"non_field_errors": ["このメールアドレスは既に確認済みです。"]}
    if (error instanceof UpstreamValidationError) return "alreadyVerified";
    throw error;
  }
}

/**
 * §7 "records visit, returns the user". A record for analytics only: when the upstream cannot take it
 * now, the page still shows (the next visit tries again, since the flag stays unset). A broken session
 * is not swallowed: the page's other calls would fail the same way.
 */
export async function recordVisitAfterMailVerification(ctx: UpstreamCaller): Promise<void> {
  try {
    await ctx.client.call("POST", "/api/me/visited_at_entry_page_after_mail_verification", {
      schema: UNREAD_ANSWER,
    });
  } catch (error) {
    if (error instanceof UpstreamCsrfError || error instanceof UpstreamUnauthorizedError) throw error;
    if (!(error instanceof UpstreamError)) throw error;
    logger().warn({ cause: error.message }, "upstream: the visit after mail verification was not recorded");
  }
}
