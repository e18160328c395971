// A lost answer is looked up, not guessed (decision 0008): a write the upstream stored would read as
// failed, and a second try could make it twice.

import type { CallOptions } from "./client.server";
import { UpstreamNetworkError } from "./errors.server";
import { logger } from "~/telemetry/logger.server";

// Outside the page's deadline: the write may have spent it, and the lookup is what tells the truth.
export const LOST_ANSWER_LOOKUP = {
  outsideDeadline: true,
  timeoutMs: 5_000,
} as const satisfies Partial<CallOptions>;

/** Asks `lookup` only when `write` got no answer; null, or no answer again, leaves the write's own 499. */
export async function writeOnce<T>(write: () => Promise<T>, lookup: () => Promise<T | null>): Promise<T> {
  try {
    return await write();
  } catch (lost) {
    if (!(lost instanceof UpstreamNetworkError)) throw lost;
    let found: T | null;
    try {
      found = await lookup();
    } catch (error) {
      if (error instanceof UpstreamNetworkError) {
        logger().warn(
          { cause: String(error.cause) },
          "upstream: a write's answer was lost and the lookup got none either",
        );
        throw lost;
      }
      throw error;
    }
    if (found === null) throw lost;
    logger().warn(
      { cause: String(lost.cause) },
      "upstream: a write's answer was lost; the lookup found it made",
    );
    return found;
  }
}
