// E-mail activation (contract addition, docs/upstream-api/accounts.md) and §7's visit record after it.

import { UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import { UpstreamCsrfError, UpstreamError, UpstreamUnauthorizedError, whenRefused } from "./errors.server";
import { logger } from "~/telemetry/logger.server";

export type ActivationOutcome = "verified" | "invalidKey";

// Works without a session (the mail may be opened on another device); a bad key is an outcome, not an error.
export async function activateEmail(ctx: UpstreamCaller, key: string): Promise<ActivationOutcome> {
  return whenRefused(
    async () => {
      await ctx.client.call("POST", "/api/register/activation/", { json: { key }, schema: UNREAD_ANSWER });
      return "verified" as const;
    },
    () => "invalidKey" as const,
  );
}

export type ResendOutcome = "sent" | "alreadyVerified";

export async function resendActivationMail(ctx: UpstreamCaller): Promise<ResendOutcome> {
  return whenRefused(
    async () => {
      await ctx.client.call("POST", "/api/register/activation/resend/", { schema: UNREAD_ANSWER });
      return "sent" as const;
    },
    () => "alreadyVerified" as const,
  );
}

// Analytics only: the page shows anyway and the next visit tries again; a broken session is not swallowed.
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
