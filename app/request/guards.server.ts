// §2 guards (ARCHITECTURE §7): a parent loader does not protect its children, so every route calls its own.

import { redirect } from "@remix-run/node";
import { returnPathOf } from "~/routing/return-path";
import { isPreEntryDeclined } from "~/domain/new-entry";
import { isIndividual, userStatus } from "~/domain/user";
import { loginPath } from "~/routing/login-path";
import { type MeResponse, fetchCurrentUser, logout } from "~/upstream/auth.server";
import type { RequestContext } from "./context.server";

export type AuthenticatedUser = MeResponse & { id: number };

/** §2 authenticated-redirect (back to the page asked for); §6: an individual the brand does not serve. */
export async function requireUser(ctx: RequestContext): Promise<AuthenticatedUser> {
  const user = await fetchCurrentUser(ctx);
  if (!user || typeof user.id !== "number") {
    const hadSession = ctx.session.hasUpstreamSession;
    if (hadSession) ctx.endSession();
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

/** §2 profile-redirect. */
export function redirectToProfileWhenNeeded(user: AuthenticatedUser): void {
  if (user.has_satisfied_profile !== true && user.allow_redirect_to_profile !== false) {
    throw redirect("/register/profile");
  }
}

/** A declined screening stays declined (§4 preEntryDeclined): its answer, not the questions or the profile. */
export function redirectDeclinedToPreEntryResult(user: AuthenticatedUser): void {
  if (isPreEntryDeclined(user)) throw redirect("/pre_entry/result");
}
