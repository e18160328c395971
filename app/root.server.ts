// The root loader's server half, the one server module root.tsx imports. Every page downloads what the
// root imports, and the classic compiler leaves a stand-in in the browser build for each *.server
// module and for @remix-run/node; one imported by other routes too becomes a chunk of its own that
// every page then fetches. Imported by the root alone, this stand-in stays inside the root's chunk.

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
