// §2 guards (guards.server.ts, entry-guard.server.ts) against the in-process reference upstream: each
// guard gets an RequestContext built from a Request carrying the app's session cookie, as a loader does.

import { describe, expect, it } from "vitest";
import { RequestContext } from "~/request/context.server";
import { requireEntryStep } from "~/request/entry-guard.server";
import { UpstreamAuthenticationError } from "~/upstream/errors.server";
import { loadSystemSettings } from "~/upstream/settings.server";
import {
  type AuthenticatedUser,
  redirectLoggedInToMyPage,
  redirectToProfileWhenNeeded,
  requireUser,
} from "~/request/guards.server";
import type { ApiClient } from "./reference-upstream/harness";
import { useTestUpstream } from "./reference-upstream/harness";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";
import { appCookie } from "./app-requests";
import { paymentDatesOn } from "~/lookup/japan-holidays.server";

const upstream = useTestUpstream();

/** The context of a page request, logged in as `browser`'s upstream session when given. */
async function contextFor(
  path: string,
  browser?: ApiClient,
  host = "localhost:3000",
): Promise<RequestContext> {
  const headers = new Headers({ Host: host });
  if (browser) headers.set("Cookie", await appCookie(browser));
  return RequestContext.create(new Request(`http://${host}${path}`, { headers }));
}

/** The redirect a guard throws. */
async function thrownRedirect(promise: Promise<unknown>): Promise<string> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(302);
  return (thrown as Response).headers.get("Location")!;
}

describe("§2 authenticated-redirect (requireUser)", () => {
  it("an anonymous visitor is sent to login with the page asked for", async () => {
    const context = await contextFor("/entry/detail/123?tab=2");
    expect(await thrownRedirect(requireUser(context))).toBe(
      `/login?redirectTo=${encodeURIComponent("/entry/detail/123?tab=2")}`,
    );
  });

  it("a logged-in user is given back, the one the session belongs to", async () => {
    const browser = createUserWithSession(upstream);
    const user = await requireUser(await contextFor("/mypage", browser));
    expect(user.id).toBe((browser as ApiClient & { userId: number }).userId);
  });

  it("a session the upstream no longer knows ends, and login says the session expired", async () => {
    const browser = createUserWithSession(upstream);
    browser.cookies.set("sessionid", "x".repeat(32));
    const context = await contextFor("/mypage", browser);
    expect(await thrownRedirect(requireUser(context))).toBe(
      "/login?redirectTo=%2Fmypage&error=session_expired",
    );
    expect(await context.sessionCookieHeader()).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("§6 an individual on a brand without individuals is logged out and sent to /unsupported/", async () => {
    const browser = createUserWithSession(upstream, { corporate_division: "individual" });
    const context = await contextFor("/mypage", browser, "midori.localhost:3000");
    expect(context.brand.individualSupported).toBe(false);
    expect(await thrownRedirect(requireUser(context))).toBe("/unsupported/");
    // The upstream session is gone: the same cookie is anonymous now.
    expect(await thrownRedirect(requireUser(await contextFor("/mypage", browser)))).toMatch(/^\/login/);
  });

  it("the same individual on the brand that supports individuals is let in", async () => {
    const browser = createUserWithSession(upstream, { corporate_division: "individual" });
    const user = await requireUser(await contextFor("/mypage", browser));
    expect(user.corporate_division).toBe("individual");
  });
});

describe("§2 already-login-to-mypage (redirectLoggedInToMyPage)", () => {
  it("a logged-in user on login or register is sent to My page", async () => {
    const browser = createUserWithSession(upstream);
    expect(await thrownRedirect(redirectLoggedInToMyPage(await contextFor("/login", browser)))).toBe(
      "/mypage",
    );
  });

  it("an anonymous visitor stays", async () => {
    await expect(redirectLoggedInToMyPage(await contextFor("/login"))).resolves.toBeUndefined();
  });
});

describe("§2 system-settings (loadSystemSettings)", () => {
  it("loads the suppression setting", async () => {
    const settings = await loadSystemSettings(await contextFor("/entry"));
    expect(settings).toEqual({ method: "none", segment: "", message: "" });
  });

  it("§8 Authentication failure (… or settings fetch fails): a failed fetch is an authentication error", async () => {
    // The upstream answers 500 while its settings table is missing.
    upstream.db.exec("ALTER TABLE system_settings RENAME TO system_settings_away");
    try {
      await expect(loadSystemSettings(await contextFor("/entry"))).rejects.toBeInstanceOf(
        UpstreamAuthenticationError,
      );
    } finally {
      upstream.db.exec("ALTER TABLE system_settings_away RENAME TO system_settings");
    }
  });
});

describe("§2 profile-redirect (redirectToProfileWhenNeeded)", () => {
  const user = (fields: Partial<AuthenticatedUser>) => ({ id: 1, ...fields }) as AuthenticatedUser;

  it("an incomplete profile the upstream allows to redirect goes to the first profile registration", async () => {
    expect(await thrownRedirect(Promise.resolve().then(() => redirectToProfileWhenNeeded(user({}))))).toBe(
      "/register/profile",
    );
  });

  it("a complete profile, or one the upstream does not allow to redirect, stays", () => {
    expect(() => redirectToProfileWhenNeeded(user({ has_satisfied_profile: true }))).not.toThrow();
    expect(() => redirectToProfileWhenNeeded(user({ allow_redirect_to_profile: false }))).not.toThrow();
  });

  it("a logged-in user from the upstream with a complete profile stays", async () => {
    const me = await requireUser(await contextFor("/mypage", createUserWithSession(upstream)));
    expect(() => redirectToProfileWhenNeeded(me)).not.toThrow();
  });
});

describe("§2 entry-step (requireEntryStep)", () => {
  it("an anonymous visitor is sent to login first", async () => {
    expect(
      await thrownRedirect(
        requireEntryStep(await contextFor("/entry"), "submitFinancialStatements", paymentDatesOn(new Date())),
      ),
    ).toBe("/login?redirectTo=%2Fentry");
  });

  it("a user who may enter and skips ahead is sent to the first unfinished step", async () => {
    const context = await contextFor("/entry/withdrawal_details", createUserWithSession(upstream));
    const location = await thrownRedirect(
      requireEntryStep(context, "submitWithdrawalsDetail", paymentDatesOn(new Date())),
    );
    // With the notice saying why.
    expect(["/entry/entry_invoice?error=unfinished_invoices", "/entry?error=unfinished_financial"]).toContain(
      location,
    );
  });

  it("a user who may enter gets the first step's state", async () => {
    const context = await contextFor("/entry/entry_invoice", createUserWithSession(upstream));
    const state = await requireEntryStep(context, "submitInvoices", paymentDatesOn(new Date()));
    expect(state.firstUnfinished).toBe("submitInvoices");
    expect(state.entries).toEqual([]);
  });
});
