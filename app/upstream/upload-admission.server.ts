// Uploads at once, bounded before a byte goes upstream (decision 0021): a streamed upload holds an
// upstream connection while the browser sends. The counts are this process's.

import { MAX_UPLOADS_AT_ONCE_PER_USER, UploadRuleMessage } from "~/domain/upload-rules";
import { rateLimitRefusals } from "~/telemetry/metrics.server";
import { fetchCurrentUser } from "./auth.server";
import type { UpstreamCaller } from "./client.server";

export const UPLOAD_RETRY_AFTER_SECONDS = 30;

export class UploadsBusyError extends Error {
  readonly retryAfterSeconds = UPLOAD_RETRY_AFTER_SECONDS;

  constructor(readonly status: 429 | 503) {
    super(status === 429 ? UploadRuleMessage.tooManyAtOnce : UploadRuleMessage.busy);
  }
}

export interface UploadAdmission {
  release(): void;
}

const perUser = new Map<string, number>();
let inAll = 0;

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

// The page's guard already read the user, so this asks the upstream nothing.
export async function uploaderOf(ctx: UpstreamCaller): Promise<string> {
  const user = await fetchCurrentUser(ctx);
  if (user?.id !== undefined) return `user ${user.id}`;
  return `session ${ctx.session.credentials.sessionid ?? ""}`;
}
