// Look-ups limited per session and per client address (decision 0023), with JavaScript or without. The
// routes confirm the user at most once a minute per session: their answers are public data.

import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import { type LookupRefusal, lookupRefusal, sessionEndedRefusal } from "~/domain/lookup-limit";
import { limitKey, retryAfterHeader } from "~/security/rate-limit.server";
import { AnswerCache } from "~/upstream/answer-cache.server";
import { clientAddress } from "./client-address";
import { appConfig } from "~/settings/config.server";
import type { RequestContext } from "./context.server";
import { requireUser } from "./guards.server";

// A person typing asks far fewer: a field asks once typing pauses for 300 ms, never twice for one text.
export const LOOKUP_LIMITS = {
  session: { points: 60, duration: 60 },
  address: { points: 300, duration: 60 },
} as const;

function pointsOf(kind: keyof typeof LOOKUP_LIMITS): number {
  const config = appConfig();
  const override = kind === "session" ? config.lookupLimitPerSession : config.lookupLimitPerAddress;
  return override ?? LOOKUP_LIMITS[kind].points;
}

/** The session's name in the counts: a hash, so the store never holds the upstream's session id. */
function sessionKey(ctx: RequestContext): string | null {
  const sessionid = ctx.session.credentials.sessionid;
  return sessionid ? createHash("sha256").update(sessionid).digest("base64url").slice(0, 32) : null;
}

export async function limitLookup(ctx: RequestContext): Promise<LookupRefusal | null> {
  const session = sessionKey(ctx);
  if (session) {
    const bySession = await limitKey(
      "lookup-session",
      session,
      pointsOf("session"),
      LOOKUP_LIMITS.session.duration,
    );
    if (!bySession.allowed) return lookupRefusal(bySession.retryAfterSeconds);
  }
  const address = clientAddress(ctx.request);
  const byAddress = await limitKey(
    "lookup-address",
    address,
    pointsOf("address"),
    LOOKUP_LIMITS.address.duration,
  );
  return byAddress.allowed ? null : lookupRefusal(byAddress.retryAfterSeconds);
}

export const refusalHeaders = (refusal: LookupRefusal) => retryAfterHeader(refusal.retryAfterSeconds);

const confirmed = new AnswerCache<true>(10_000, 60 * 1000);

// Never requireUser's redirect: a field's fetch would follow it and take the page away (decision 0027).
export async function admitLookup(ctx: RequestContext): Promise<Response | null> {
  const refusal = await limitLookup(ctx);
  if (refusal) return json(refusal, { status: 429, headers: refusalHeaders(refusal) });
  const session = sessionKey(ctx);
  try {
    if (!session) await requireUser(ctx);
    else
      await confirmed.answer(`${ctx.brand.id}\n${session}`, async () => {
        await requireUser(ctx);
        return true;
      });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return sessionEndedLookup(ctx);
  }
  return null;
}

export function sessionEndedLookup(ctx: RequestContext): Response {
  ctx.endSession();
  return json(sessionEndedRefusal(), { status: 401 });
}
