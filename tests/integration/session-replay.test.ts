// The app's cookie replayed after the session it carries has ended is refused. The
// app's cookie only carries the upstream's session (sealed); logout ends that session upstream, and a
// password change cycles it and ends the user's other sessions (REFERENCE.md). A copy of the cookie
// taken before either — from a shared computer, a stolen backup — then sends to login with nothing
// of the user's in the answer. Loaders and actions called directly, as Remix calls them.

import { describe, expect, it } from "vitest";
import { action as financialAction } from "~/routes/_entry.entry/route";
import { loader as myPageLoader } from "~/routes/_mypage.mypage/route";
import { action as passwordAction } from "~/routes/_mypage.profile_.password.change/route";
import { loader as profileLoader } from "~/routes/_mypage.profile";
import { action as logoutAction } from "~/routes/logout";
import { APP_ORIGIN, appCookie, formPost, locationOf } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { PASSWORD, passwordHash } from "./reference-upstream/accounts-fixtures";
import { createUserWithSession, loginAs } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

type Route = RouteFunction;

const emailOf = (userId: number) =>
  (upstream.db.prepare("SELECT email FROM users WHERE id = ?").get(userId) as { email: string }).email;

/** What the cookie gets from My page and the profile (GET) and from a wizard save (POST). */
async function answersTo(cookie: string) {
  const get = (path: string, loader: Route) =>
    callRoute(loader, new Request(`${APP_ORIGIN}${path}`, { headers: { Cookie: cookie } }));
  return [
    { what: "GET /mypage", response: await get("/mypage", myPageLoader as Route) },
    { what: "GET /profile", response: await get("/profile", profileLoader as Route) },
    {
      what: "POST /entry",
      response: await callRoute(
        financialAction,
        formPost("/entry", cookie, {
          can_submit_financial_statements: "false",
          intent: "save_draft",
        }),
      ),
    },
  ];
}

/**
 * Every page sends to login; a wizard step's post asks for the login in place, carrying back only
 * what it sent (decision 0027). None carries the user's e-mail address.
 */
async function expectSentToLogin(cookie: string, email: string, label: string) {
  for (const { what, response } of await answersTo(cookie)) {
    if (what.startsWith("POST")) {
      expect(response.status, `${label}, ${what}`).toBe(401);
      expect(await response.clone().json(), `${label}, ${what}`).toMatchObject({ sessionEnded: true });
    } else {
      expect(response.status, `${label}, ${what}`).toBe(302);
      expect(response.headers.get("Location"), `${label}, ${what}`).toMatch(/^\/login(\?|$)/);
    }
    expect(await response.text(), `${label}, ${what}`).not.toContain(email);
  }
}

/** The app cookie of a Set-Cookie answer (what the browser keeps). */
const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

describe("a replayed app cookie whose upstream session has ended is refused", () => {
  it("after logout: the copy taken before sends to login, no data shown", async () => {
    const browser = createUserWithSession(upstream);
    const email = emailOf(browser.userId);
    const cookie = await appCookie(browser);
    const before = await callRoute(
      myPageLoader,
      new Request(`${APP_ORIGIN}/mypage`, { headers: { Cookie: cookie } }),
    );
    expect(before.status, "the cookie worked before logout").toBe(200);
    expect(await before.text()).toContain(email);

    const logout = await callRoute(logoutAction, formPost("/logout", cookie, {}));
    expect(await locationOf(logout)).toBe("/login?error=logged_out");
    await expectSentToLogin(cookie, email, "after logout");
  });

  it("after a password change: the changing device's old copy and another device's cookie send to login; the new cookie works", async () => {
    const here = createUserWithSession(upstream, { password_hash: await passwordHash() });
    const email = emailOf(here.userId);
    const elsewhere = loginAs(upstream, here.userId);
    const [hereBefore, elsewhereCookie] = [await appCookie(here), await appCookie(elsewhere)];

    const change = await callRoute(
      passwordAction,
      formPost("/profile/password/change", hereBefore, {
        old_password: PASSWORD,
        new_password1: "Kaede-no-ki-2026-replay",
        new_password2: "Kaede-no-ki-2026-replay",
      }),
    );
    expect(await locationOf(change)).toBe("/profile/password/change/done");

    await expectSentToLogin(hereBefore, email, "the changing device's cookie from before the change");
    await expectSentToLogin(elsewhereCookie, email, "another device's cookie");
    // The cookie the change answered with is the one session that goes on (so the refusals above are
    // about the ended sessions, not about these requests).
    const [mypage] = await answersTo(cookieOf(change));
    expect(mypage!.response.status).toBe(200);
    expect(await mypage!.response.text()).toContain(email);
  });
});
