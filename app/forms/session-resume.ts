// A wizard step's post that met an ended session (decision 0027): the answer's shape, which the step's
// error boundary shows as a login in place, and the names its login form posts. Plain: both sides.

import type { FormFailure } from "./form-failure";

/** The step's own action, asked to log in first: `${path}?relogin`. */
export const RELOGIN_PARAM = "relogin";
/** The hidden field carrying what was typed (JSON pairs, repeated names kept, no file, no password). */
export const TYPED_FIELD = "typed";

export interface SessionEnded {
  sessionEnded: true;
  /** The §2 notice to show: the upstream's CSRF pair went stale (§8's alert), else the session expired. */
  reason: "csrf" | "session_expired";
  /** What was typed, as the hidden field carries it. */
  typed: string;
  /** Files were chosen in the post (no JavaScript): not sent, to be chosen again after login. */
  filesDropped: boolean;
  /** A login in place that did not go through: its failure (no password), as /login shows it. */
  login: (FormFailure & { wrongService: { url: string; serviceName: string } | null }) | null;
}

export function isSessionEnded(data: unknown): data is SessionEnded {
  return typeof data === "object" && data !== null && "sessionEnded" in data && data.sessionEnded === true;
}
