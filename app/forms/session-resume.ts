// The answer to a step post that met an ended session (decision 0027), and its login form's names.

import type { FormFailure } from "./form-failure";

export const RELOGIN_PARAM = "relogin";
export const TYPED_FIELD = "typed";
/** The step page's token naming whom it was rendered for: what is typed in it is theirs. */
export const TYPED_BY_FIELD = "typed_by";

export interface SessionEnded {
  sessionEnded: true;
  reason: "csrf" | "session_expired";
  /** What was typed, signed for the person who typed it; null when the page named no one (a plain login). */
  typed: string | null;
  filesDropped: boolean;
  login: (FormFailure & { wrongService: { url: string; serviceName: string } | null }) | null;
}

export function isSessionEnded(data: unknown): data is SessionEnded {
  return typeof data === "object" && data !== null && "sessionEnded" in data && data.sessionEnded === true;
}
