// §9 analytics, the server's half: off unless ANALYTICS_CONTAINER_ID is set. When it is, the root
// loader hands the browser the settings the runtime needs (app/runtime/analytics.ts): the container,
// the brand's content tag id (§9: 15 for the white-label product) and, for a logged-in user, the
// §3 analytics view reduced to what the data layer gets (hashed_user_id, user_segment, company_name;
// never the raw me, never owner_phone). When it is not, the root loader sends null and nothing else.

import { createHmac } from "node:crypto";
import type { Brand } from "~/brand/brands";
import type { AnalyticsSettings, AnalyticsUser } from "~/runtime/analytics-events";
import { type MeResponse, fetchCurrentUser } from "~/upstream/auth.server";
import { appConfig } from "./config.server";
import { RequestContext } from "./context.server";

/** §9 "authentication waits up to 5 seconds for the user id before analytics config". */
export const USER_ID_WAIT_MS = 5_000;

export async function analyticsSettingsOf(
  request: Request,
  brand: Brand,
  isLoggedIn: boolean,
  waitMs = USER_ID_WAIT_MS,
): Promise<AnalyticsSettings | null> {
  const containerId = appConfig().analyticsContainerId;
  if (!containerId) return null;
  const user = isLoggedIn ? await settleWithin(analyticsUserOf(request), waitMs, null) : null;
  return { containerId, contentTagId: brand.contentTagId, user };
}

/**
 * The analytics view of a me answer; null for a visitor or an answer without the hashed id. The id is
 * keyed again with the app's own secret (`key`): the tag manager never gets the upstream's hash.
 */
export function toAnalyticsUser(me: MeResponse | null, key: Buffer): AnalyticsUser | null {
  if (!me || me.id === undefined || !me.hashed_user_id) return null;
  return {
    hashed_user_id: createHmac("sha256", key).update(me.hashed_user_id).digest("hex"),
    user_segment: me.user_segment ?? null,
    company_name: me.company_name ?? null,
  };
}

/** The promise's value if it settles within `ms`, else (or when it fails) the fallback. */
export async function settleWithin<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Its own me call: the root loader runs beside the route's loaders, each with its own context. Any
 * failure is the route's to show (its guards ask me too); here it only means no user for analytics,
 * and this context's session changes are never sent (the route's context decides them).
 */
async function analyticsUserOf(request: Request): Promise<AnalyticsUser | null> {
  const ctx = await RequestContext.create(request);
  return toAnalyticsUser(await fetchCurrentUser(ctx), appConfig().analyticsHashKey);
}
