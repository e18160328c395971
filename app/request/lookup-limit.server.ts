// How often look-ups may be asked (法人番号, bank, branch, postcode; decision 0023), whether with
// JavaScript (the look-up routes) or without it (a field's 「検索」 button): per session and per client
// address, in the rate limits' store (memory, or Redis when configured, shared by every replica).
// Past either, 429 with Retry-After and a message saying the field can be typed by hand.
//
// The look-up routes also ask the upstream who is logged in at most once a minute per session, not
// once per look-up: what they answer is public data, and they change nothing.

import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import { type LookupRefusal, lookupRefusal, sessionEndedRefusal } from "~/domain/lookup-limit";
import { limitKey, retryAfterHeader } from "~/security/rate-limit.server";
import { AnswerCache } from "~/upstream/answer-cache.server";
import { clientAddress } from "./client-address";
import { appConfig } from "./config.server";
import type { RequestContext } from "./context.server";
import { requireUser } from "./guards.server";

/**
 * Look-ups a minute. A person typing asks far fewer: a field asks once the typing pauses for 300 ms,
 * and never twice for the same text. The address's count is shared by everyone behind it (an office).
 * LOOKUP_LIMIT_PER_SESSION and LOOKUP_LIMIT_PER_ADDRESS override them.
 */
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

/** One look-up asked: counted for the session and the address; the refusal when either is spent. */
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

/** The headers of a refusal's 429. */
export const refusalHeaders = (refusal: LookupRefusal) => retryAfterHeader(refusal.retryAfterSeconds);

/** Sessions the upstream confirmed within the last minute (10,000 at most, about 1 MB). */
const confirmed = new AnswerCache<true>(10_000, 60 * 1000);

/**
 * A look-up route's admission: the limits first (a flood asks the upstream nothing), then a logged-in
 * user, as requireUser decides, remembered for a minute. Null when admitted; else the 429 to answer,
 * or the 401 of an ended session: never requireUser's redirect, which a field's fetch would follow
 * and so take the page away to login (and make the look-up the page to return to).
 */
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

/** A look-up whose session has ended (no user, or the upstream refusing it): 401 with words for the field. */
export function sessionEndedLookup(ctx: RequestContext): Response {
  ctx.endSession();
  return json(sessionEndedRefusal(), { status: 401 });
}
