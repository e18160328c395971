import { safeRedirectTarget } from "~/domain/redirect-target";

export type LoginNotice = "csrf" | "session_expired" | "logged_out" | "auth";

/** `redirectTo` only when a safe target (decision 0008), never the top or login page. */
export function loginPath(options: { error?: LoginNotice; redirectTo?: string | null } = {}): string {
  const params = new URLSearchParams();
  const redirectTo = safeRedirectTarget(options.redirectTo);
  if (redirectTo && redirectTo !== "/" && !redirectTo.startsWith("/login")) {
    params.set("redirectTo", redirectTo);
  }
  if (options.error) params.set("error", options.error);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
