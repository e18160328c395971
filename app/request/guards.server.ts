// The guards of §2 as server helpers (ARCHITECTURE §7). Each is one call in a loader or
// action that returns what it learned or throws a redirect. A parent loader does not protect its
// children: every route that needs a guard calls it.

import { redirect } from "@remix-run/node";
import { returnPathOf } from "~/domain/redirect-target";
import { isIndividual, userStatus } from "~/domain/user";
import { loginPath } from "~/routing/login-path";
import { type MeResponse, fetchCurrentUser, logout } from "~/upstream/auth.server";
import type { RequestContext } from "./context.server";

export type AuthenticatedUser = MeResponse & { id: number };

/**
 * authenticated-redirect: sends users who are not logged in to login, carrying the page they asked
 * for, so an operator's link to /entry/detail/123 lands there after login. Also applies §6: when the
 * brand does not support individuals, an individual user is logged out and sent to /unsupported/.
 */
export async function requireUser(ctx: RequestContext): Promise<AuthenticatedUser> {
  const user = await fetchCurrentUser(ctx);
  if (!user || typeof user.id !== "number") {
    const hadSession = ctx.session.hasUpstreamSession;
    if (hadSession) ctx.endSession();
    // A POST returns to the page its form was on, as a GET does; loginPath checks it.
    const returnTo = returnPathOf(ctx.url);
    throw redirect(loginPath({ redirectTo: returnTo, error: hadSession ? "session_expired" : undefined }));
  }
  if (!ctx.brand.individualSupported && isIndividual(user)) {
    await logout(ctx);
    throw redirect("/unsupported/");
  }
  return user as AuthenticatedUser;
}

/** already-login-to-mypage: login and register pages send logged-in users to My page. */
export async function redirectLoggedInToMyPage(ctx: RequestContext): Promise<void> {
  const user = await fetchCurrentUser(ctx);
  if (user && userStatus(user) !== "logout") throw redirect("/mypage");
}

/**
 * profile-redirect: a user whose profile is not yet complete, and whom the upstream allows to be
 * redirected, is sent to the first profile registration.
 */
export function redirectToProfileWhenNeeded(user: AuthenticatedUser): void {
  if (user.has_satisfied_profile !== true && user.allow_redirect_to_profile !== false) {
    throw redirect("/register/profile");
  }
}
