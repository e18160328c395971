// §9 analytics, the server's half: off unless ANALYTICS_CONTAINER_ID is set; a user's data layer gets the
// §3 analytics view (hashed_user_id, user_segment, company_name), never the raw me.

import { createHmac } from "node:crypto";
import type { Brand } from "~/brand/brands";
import type { AnalyticsSettings, AnalyticsUser } from "~/runtime/analytics-events";
import { type MeResponse, fetchCurrentUser } from "~/upstream/auth.server";
import { appConfig } from "~/settings/config.server";
import type { RequestContext } from "./context.server";

/** §9 "authentication waits up to 5 seconds for the user id before analytics config". */
export const USER_ID_WAIT_MS = 5_000;

export async function analyticsSettingsOf(
  ctx: RequestContext,
  brand: Brand,
  isLoggedIn: boolean,
  waitMs = USER_ID_WAIT_MS,
): Promise<AnalyticsSettings | null> {
  const containerId = appConfig().analyticsContainerId;
  if (!containerId) return null;
  const user = isLoggedIn ? await settleWithin(analyticsUserOf(ctx), waitMs, null) : null;
  return { containerId, contentTagId: brand.contentTagId, user };
}

// Keyed again with the app's own secret: the tag manager never gets the upstream's hash.
export function toAnalyticsUser(me: MeResponse | null, key: Buffer): AnalyticsUser | null {
  if (!me || me.id === undefined || !me.hashed_user_id) return null;
  return {
    hashed_user_id: createHmac("sha256", key).update(me.hashed_user_id).digest("hex"),
    user_segment: me.user_segment ?? null,
    company_name: me.company_name ?? null,
  };
}

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

// The root loader runs beside the route's: a failure of its me call is the route's to show.
async function analyticsUserOf(ctx: RequestContext): Promise<AnalyticsUser | null> {
  return toAnalyticsUser(await fetchCurrentUser(ctx), appConfig().analyticsHashKey);
}
