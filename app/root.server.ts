// The root loader's server half, the one server module root.tsx imports (the build drops the empty
// stand-ins of *.server modules from the browser's JavaScript: scripts/patch-remix-compiler.ts).

import { json } from "@remix-run/node";
import { analyticsSettingsOf } from "~/request/analytics.server";
import { pageFrameOf } from "~/request/context.server";

/**
 * The brand of this host, whether a session exists, the URL's notices in words (§2), and the §9
 * analytics settings (null unless analytics is configured).
 */
export async function pageFrameAnswer(request: Request) {
  const frame = await pageFrameOf(request);
  const analytics = await analyticsSettingsOf(request, frame.brand, frame.isLoggedIn);
  return json({ ...frame, analytics });
}
