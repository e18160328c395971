// The answer to a step post that met an ended session (decision 0027), and its login form's names.

import type { FormFailure } from "./form-failure";

export const RELOGIN_PARAM = "relogin";
export const TYPED_FIELD = "typed";

export interface SessionEnded {
  sessionEnded: true;
  reason: "csrf" | "session_expired";
  typed: string;
  filesDropped: boolean;
  login: (FormFailure & { wrongService: { url: string; serviceName: string } | null }) | null;
}

export function isSessionEnded(data: unknown): data is SessionEnded {
  return typeof data === "object" && data !== null && "sessionEnded" in data && data.sessionEnded === true;
}
