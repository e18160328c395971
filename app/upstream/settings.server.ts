// §7 GET /api/system_settings/supress_entries/ (the API's spelling): the §3 System suppression setting.

import { z } from "zod";
import {
  UpstreamAuthenticationError,
  UpstreamError,
  UpstreamMalformedResponseError,
  UpstreamNetworkError,
} from "./errors.server";
import type { UpstreamCaller } from "./client.server";

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

// Kept as sent: a method the app does not know suppresses nothing (§4 reads only stop-new-entry).
const systemSettingsSchema = z.object({
  method: z.string(),
  segment: text,
  message: text,
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

// §8: a failed settings fetch logs out; no answer (499) or an unreadable one (502) would not be helped by it.
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
