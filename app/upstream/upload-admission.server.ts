// How many uploads may run at once (decision 0021). An upload holds a connection to the upstream for
// as long as the browser takes to send its file (it streams through, decision 0016), so one more than
// MAX_UPLOADS_AT_ONCE_PER_USER for a person (any tab or device), or than MAX_UPLOADS_AT_ONCE in all,
// is refused before a byte goes upstream. The counts are this process's: each replica bounds its own
// connections. (§5's one upload per kind at a time is sendUpload's.)

import { MAX_UPLOADS_AT_ONCE_PER_USER, UploadRuleMessage } from "~/domain/upload-rules";
import { rateLimitRefusals } from "~/telemetry/metrics.server";
import { fetchCurrentUser } from "./auth.server";
import type { UpstreamCaller } from "./client.server";

/** How soon a refused upload may be tried again (Retry-After). */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

/** Too many uploads at once: the person's own (429) or the server's in all (503); try again later. */
export class UploadsBusyError extends Error {
  readonly retryAfterSeconds = UPLOAD_RETRY_AFTER_SECONDS;

  constructor(readonly status: 429 | 503) {
    super(status === 429 ? UploadRuleMessage.tooManyAtOnce : UploadRuleMessage.busy);
  }
}

export interface UploadAdmission {
  /** Ends the upload's hold, once it is over whatever happened (more calls do nothing). */
  release(): void;
}

const perUser = new Map<string, number>();
let inAll = 0;

/**
 * Admits one upload of `uploader` (the user's id, else the session's) or throws UploadsBusyError;
 * `maxInAll` is MAX_UPLOADS_AT_ONCE (appConfig).
 */
export function admitUpload(uploader: string, maxInAll: number): UploadAdmission {
  const mine = perUser.get(uploader) ?? 0;
  if (mine >= MAX_UPLOADS_AT_ONCE_PER_USER) {
    rateLimitRefusals.inc({ limit: "uploads_per_user" });
    throw new UploadsBusyError(429);
  }
  if (inAll >= maxInAll) {
    rateLimitRefusals.inc({ limit: "uploads_at_once" });
    throw new UploadsBusyError(503);
  }
  perUser.set(uploader, mine + 1);
  inAll += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (perUser.get(uploader) ?? 1) - 1;
      if (left > 0) perUser.set(uploader, left);
      else perUser.delete(uploader);
      inAll -= 1;
    },
  };
}

/**
 * Whom an upload counts for: the person whose request passed its page's guard (which read them, so
 * this asks the upstream nothing), else the session.
 */
export async function uploaderOf(ctx: UpstreamCaller): Promise<string> {
  const user = await fetchCurrentUser(ctx);
  if (user?.id !== undefined) return `user ${user.id}`;
  return `session ${ctx.session.credentials.sessionid ?? ""}`;
}
