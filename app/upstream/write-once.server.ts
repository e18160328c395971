// A lost answer is looked up, not guessed (decision 0008). A write that makes something (an entry, an
// upload: decision 0022; the contract, review and cancel calls) may be stored by the upstream and its
// answer then lost: a timeout, a dropped connection, a spent page deadline. Showing 499 then tells the user
// "it failed" although it did not, and a second try could make it twice. So before answering, the app
// asks the upstream whether the thing exists.

import type { CallOptions } from "./client.server";
import { UpstreamNetworkError } from "./errors.server";
import { logger } from "~/telemetry/logger.server";

/**
 * The options of every lookup: outside the page's deadline (the write may have spent it: the lookup
 * is what lets the app tell the truth), with its own shorter timeout.
 */
export const LOST_ANSWER_LOOKUP = {
  outsideDeadline: true,
  timeoutMs: 5_000,
} as const satisfies Partial<CallOptions>;

/**
 * Sends `write`. Only when it gets no answer (UpstreamNetworkError) is `lookup` asked: what it finds
 * is the write's result; null (not made) or no answer to the lookup either leaves the write's own
 * 499. Any other answer of the lookup (a 4xx, a 5xx) is the upstream's real answer and is thrown as is.
 */
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
