// The login URL with the reason and the page to return to. Pure: routes and components use it too.

export type LoginNotice = "csrf" | "session_expired" | "logged_out" | "auth";

export function loginPath(options: { error?: LoginNotice; redirectTo?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.redirectTo && options.redirectTo !== "/" && !options.redirectTo.startsWith("/login")) {
    params.set("redirectTo", options.redirectTo);
  }
  if (options.error) params.set("error", options.error);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
