// §7 GET /api/system_settings/supress_entries/ ("supress" is the API's own spelling): the §3 System
// suppression setting that the §2 system-settings guard reads.

import { z } from "zod";
import {
  UpstreamAuthenticationError,
  UpstreamError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
} from "./errors.server";
import type { UpstreamCaller } from "./client.server";

/** A text that may be empty: null reads as "". */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

/**
 * §3 "System suppression setting: method, segment, message". The method is kept as sent: a method the
 * app does not know suppresses nothing (§4 reads only stop-new-entry).
 */
const systemSettingsSchema = z.object({
  method: z.string(),
  segment: text,
  message: text,
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/**
 * system-settings: loads the setting. §8: a failed settings fetch (a real 4xx/5xx answer) is an
 * authentication failure (logout). When the upstream gives no answer at all, or a 2xx it cannot read,
 * that is the network error 499 or the malformed-answer 502 instead: logging out would not help.
 */
export async function loadSystemSettings(ctx: UpstreamCaller): Promise<SystemSettings> {
  try {
    return await ctx.client.call("GET", "/api/system_settings/supress_entries/", {
      schema: systemSettingsSchema,
    });
  } catch (error) {
    if (
      error instanceof UpstreamNetworkError ||
      error instanceof UpstreamMalformedResponseError ||
      !(error instanceof UpstreamError)
    ) {
      throw error;
    }
    throw new UpstreamAuthenticationError("the system settings could not be fetched");
  }
}
