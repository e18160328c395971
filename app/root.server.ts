// The root loader's server half, the one server module root.tsx imports.

import { json } from "@remix-run/node";
import { analyticsSettingsOf } from "~/request/analytics.server";
import { type RequestContext, pageFrameOf } from "~/request/context.server";
import { errorScreenAsked } from "~/request/error-screen-request.server";

/** The host's brand, whether a session exists, the URL's notices in words (§2), §9 analytics or null. */
export async function pageFrameAnswer(ctx: RequestContext, request: Request) {
  const frame = pageFrameOf(ctx, request);
  // An error screen drawn for another address loads no scripts: the browser's router would match
  // the address it shows, not the one drawn, and the screen needs none.
  const analytics = errorScreenAsked(request)
    ? null
    : await analyticsSettingsOf(ctx, frame.brand, frame.isLoggedIn);
  return json({ ...frame, analytics });
}
