// The account forms' loaders and actions called directly, as Remix calls them, against the in-process
// reference upstream: registration, the e-mail confirmation, the password reset and change, the
// activation mail's resend, logout and the external sign-in's return point. Each answer is checked
// for where it leads (PRG), the §5/§8 words, and what the upstream stored.

import { beforeEach, describe, expect, it } from "vitest";
import { ActivationMessage } from "~/domain/activation";
import { PasswordMessage } from "~/domain/passwords";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { loader as mailCompleteLoader } from "~/routes/_anonymous.company.mail.complete";
import {
  action as mailVerifyAction,
  loader as mailVerifyLoader,
} from "~/routes/_anonymous.company.mail.verify";
import { loader as loginLoader } from "~/routes/_anonymous.login/route";
import { action as recoverAction } from "~/routes/_anonymous.profile.password.reset.recover/route";
import {
  action as recoverSuffixAction,
  loader as recoverSuffixLoader,
} from "~/routes/_anonymous.profile.password.reset.recover_.$";
import {
  action as resetAction,
  loader as resetLoader,
} from "~/routes/_anonymous.profile.password.reset.reset.$/route";
import { action as registerAction, loader as registerLoader } from "~/routes/_anonymous.register/route";
import { loader as mailChangeDoneLoader } from "~/routes/_mypage.profile_.mail.change.done";
import {
  action as passwordChangeAction,
  loader as passwordChangeLoader,
} from "~/routes/_mypage.profile_.password.change/route";
import { loader as passwordChangeDoneLoader } from "~/routes/_mypage.profile_.password.change_.done";
import { action as activationAction, loader as activationLoader } from "~/routes/_mypage.register.activation";
import { loader as callbackLoader } from "~/routes/callback";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { resetRateLimits } from "~/security/rate-limit.server";
import { AccountMessage } from "../../reference-upstream/accounts/messages";
import { latestMails } from "../../reference-upstream/outbox";
import { APP_ORIGIN, appCookie, failureOf, locationOf } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import { PASSWORD, insertUser, logInClient, uniqueEmail } from "./reference-upstream/accounts-fixtures";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();

beforeEach(() => resetRateLimits());

const NEW_PASSWORD = "tsubame-hill-7310";

/** A page opened (GET) with the app's cookie, if any; what the route returned or threw. */
function open(route: RouteFunction, path: string, cookie = "", params: Record<string, string> = {}) {
  const request = new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return callRoute(route, request, params);
}

/** A form posted from `path`, from one client address, as the request gate marks it. */
function post(route: RouteFunction, path: string, fields: Record<string, string>, cookie = "") {
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      [CLIENT_ADDRESS_HEADER]: "198.51.100.9",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return callRoute(route, request);
}

const userRow = (email: string) =>
  upstream.db.prepare("SELECT * FROM users WHERE email = ?").get(email) as
    { id: number; email_verified_at: string | null; corporate_division: string } | undefined;

/** Whether the password logs in at the upstream. */
const logsIn = async (email: string, password: string) =>
  (await upstream.client().post("/api/auth/", { email, password })).status === 200;

describe("login and registration pages (GET /login, /register)", () => {
  it("a visitor gets the form, with only a safe redirectTo kept; someone logged in goes to My page", async () => {
    const visitor = await open(loginLoader, "/login?redirectTo=%2Fentry");
    expect(await visitor.json()).toEqual({ redirectTo: "/entry" });
    const unsafe = await open(loginLoader, "/login?redirectTo=%2F%2Fevil.example%2F");
    expect(await unsafe.json()).toEqual({ redirectTo: null });

    const cookie = await appCookie(createUserWithSession(upstream));
    expect(await locationOf(await open(loginLoader, "/login", cookie))).toBe("/mypage");
    expect(await locationOf(await open(registerLoader, "/register", cookie))).toBe("/mypage");
    expect(await (await open(registerLoader, "/register")).json()).toEqual({
      individualSupported: true,
      partnerConsent: null,
    });
  });
});

describe("registration (POST /register)", () => {
  const fields = (email: string) => ({
    email,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
    corporate_division: "corporate",
    agreement: "on",
  });

  it("a valid post makes the account, mails the confirmation link and goes to /register/complete", async () => {
    const email = uniqueEmail("register");
    expect(await locationOf(await post(registerAction, "/register", fields(email)))).toBe(
      "/register/complete",
    );
    expect(userRow(email)).toMatchObject({ corporate_division: "corporate", email_verified_at: null });
    expect(latestMails(upstream.db, { to: email, kind: "activation" })).toHaveLength(1);
    expect(await logsIn(email, NEW_PASSWORD)).toBe(true);
  });

  it("§5: passwords that differ, no agreement: 422 at their fields, the password never sent back, no account", async () => {
    const email = uniqueEmail("register");
    const response = await post(registerAction, "/register", {
      ...fields(email),
      password_confirmation: "another-password-1",
      agreement: "",
    });
    expect(response.status).toBe(422);
    const failure = await failureOf(response);
    expect(failure.fieldErrors.password_confirmation).toBe(PasswordMessage.mismatch);
    expect(failure.fieldErrors.agreement).toBe("利用規約とプライバシーポリシーへの同意が必要です。");
    expect(JSON.stringify(failure)).not.toContain(NEW_PASSWORD);
    expect(userRow(email)).toBeUndefined();
  });

  it("an address already registered: 400 with the upstream's words at the e-mail field", async () => {
    const email = uniqueEmail("taken");
    await insertUser(upstream.db, { email });
    const response = await post(registerAction, "/register", fields(email));
    expect(response.status).toBe(400);
    expect((await failureOf(response)).fieldErrors.email).toBe(AccountMessage.emailTaken);
  });

  it("a bot that fills the hidden field is refused (400) and no account is made", async () => {
    const email = uniqueEmail("bot");
    const response = await post(registerAction, "/register", { ...fields(email), website: "http://spam" });
    expect(response.status).toBe(400);
    expect(userRow(email)).toBeUndefined();
  });
});

describe("the e-mail confirmation (GET and POST /company/mail/verify, /company/mail/complete)", () => {
  /** A registered, unconfirmed user and the key of the link mailed to them. */
  async function unconfirmed() {
    const email = uniqueEmail("verify");
    expect(
      await locationOf(
        await post(registerAction, "/register", {
          email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          corporate_division: "corporate",
          agreement: "on",
        }),
      ),
    ).toBe("/register/complete");
    const link = new URL(latestMails(upstream.db, { to: email, kind: "activation" })[0]!.link!);
    return { email, key: link.searchParams.get("key")! };
  }

  it("the link's page changes nothing; its button confirms the address, once", async () => {
    const { email, key } = await unconfirmed();
    const page = await open(mailVerifyLoader, `/company/mail/verify?key=${encodeURIComponent(key)}`);
    expect(await page.json()).toEqual({ key });
    expect(userRow(email)!.email_verified_at).toBeNull();

    const confirmed = await post(mailVerifyAction, "/company/mail/verify", { key });
    expect(await locationOf(confirmed)).toBe("/company/mail/complete");
    expect(userRow(email)!.email_verified_at).not.toBeNull();

    const again = await post(mailVerifyAction, "/company/mail/verify", { key });
    expect(again.status).toBe(400);
    expect((await failureOf(again)).formErrors).toEqual([ActivationMessage.invalidKey]);
  });

  it("§2: without a key the page is not found", async () => {
    expect((await open(mailVerifyLoader, "/company/mail/verify")).status).toBe(404);
  });

  it("the complete page leads a visitor to log in, and a logged-in user with a profile to My page", async () => {
    const visitor = (await (await open(mailCompleteLoader, "/company/mail/complete")).json()) as {
      next: { href: string };
    };
    expect(visitor.next.href).toBe("/login");
    const cookie = await appCookie(createUserWithSession(upstream));
    const user = (await (await open(mailCompleteLoader, "/company/mail/complete", cookie)).json()) as {
      next: { href: string };
    };
    expect(user.next.href).toBe("/mypage");
  });
});

describe("the activation page (GET and POST /register/activation)", () => {
  it("an unconfirmed user is told where the mail went; a resend mails a new link and says so (PRG)", async () => {
    const browser = createUserWithSession(upstream, { email_verified_at: null });
    const cookie = await appCookie(browser);
    const email = (
      upstream.db.prepare("SELECT email FROM users WHERE id = ?").get(browser.userId) as {
        email: string;
      }
    ).email;
    expect(await (await open(activationLoader, "/register/activation", cookie)).json()).toMatchObject({
      email,
      isVerified: false,
      justSent: false,
    });
    expect(await locationOf(await post(activationAction, "/register/activation", {}, cookie))).toBe(
      "/register/activation?sent=1",
    );
    expect(latestMails(upstream.db, { to: email, kind: "activation" })).toHaveLength(1);
    const sent = await open(activationLoader, "/register/activation?sent=1", cookie);
    expect(await sent.json()).toMatchObject({ justSent: true });
  });

  it("a logged-out visitor goes to login, to come back after it", async () => {
    expect(await locationOf(await open(activationLoader, "/register/activation"))).toBe(
      "/login?redirectTo=%2Fregister%2Factivation",
    );
  });
});

describe("the password reset (recover, its suffixes, reset)", () => {
  it("a request for a registered address mails the link and goes to the done page; an unknown one too, without a mail", async () => {
    const email = uniqueEmail("recover");
    await insertUser(upstream.db, { email });
    const path = "/profile/password/reset/recover";
    expect(await locationOf(await post(recoverAction, path, { email }))).toBe("/profile/password/reset/done");
    expect(latestMails(upstream.db, { to: email, kind: "password_reset" })).toHaveLength(1);

    const unknown = uniqueEmail("unknown");
    expect(await locationOf(await post(recoverAction, path, { email: unknown }))).toBe(
      "/profile/password/reset/done",
    );
    expect(latestMails(upstream.db, { to: unknown, kind: "password_reset" })).toHaveLength(0);

    const invalid = await post(recoverAction, path, { email: "no-at-sign" });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await failureOf(invalid)).fieldErrors)).toEqual(["email"]);
  });

  it("a suffix after the request page leads to it (GET 301, POST 303), nothing processed", async () => {
    const loaded = (await recoverSuffixLoader()) as Response;
    expect([loaded.status, loaded.headers.get("Location")]).toEqual([301, "/profile/password/reset/recover"]);
    const posted = (await recoverSuffixAction()) as Response;
    expect([posted.status, posted.headers.get("Location")]).toEqual([303, "/profile/password/reset/recover"]);
  });

  it("the mailed link sets the new password once; a used link is refused with the way to a new one", async () => {
    const email = uniqueEmail("reset");
    await insertUser(upstream.db, { email });
    await post(recoverAction, "/profile/password/reset/recover", { email });
    const link = new URL(latestMails(upstream.db, { to: email, kind: "password_reset" })[0]!.link!);
    const path = `/profile/password/reset/reset/new${link.search}`;
    expect((await open(resetLoader, path)).status).toBe(200);
    expect((await open(resetLoader, "/profile/password/reset/reset/new?uid=1")).status).toBe(404);

    const fields = { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expect(await locationOf(await post(resetAction, path, fields))).toBe(
      "/profile/password/reset/reset/done",
    );
    expect(await logsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await logsIn(email, PASSWORD)).toBe(false);

    const used = await post(resetAction, path, fields);
    expect(used.status).toBe(400);
    expect(await used.json()).toMatchObject({ linkRejected: true });
  });
});

describe("the password change (GET and POST /profile/password/change, its done page)", () => {
  async function loggedIn() {
    const email = uniqueEmail("change");
    await insertUser(upstream.db, { email });
    return { email, cookie: await appCookie(await logInClient(upstream, email)) };
  }

  it("a wrong current password: 400 with the upstream's words at it, the password unchanged", async () => {
    const { email, cookie } = await loggedIn();
    expect(await (await open(passwordChangeLoader, "/profile/password/change", cookie)).json()).toEqual({
      asksOldPassword: true,
    });
    const response = await post(
      passwordChangeAction,
      "/profile/password/change",
      { old_password: "wrong-password-1", new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
      cookie,
    );
    expect(response.status).toBe(400);
    expect((await failureOf(response)).fieldErrors.old_password).toBe(AccountMessage.oldPasswordIncorrect);
    expect(await logsIn(email, PASSWORD)).toBe(true);
  });

  it("the right one: the new password is stored, and the done page opens with the session kept", async () => {
    const { email, cookie } = await loggedIn();
    const response = await post(
      passwordChangeAction,
      "/profile/password/change",
      { old_password: PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
      cookie,
    );
    expect(await locationOf(response)).toBe("/profile/password/change/done");
    expect(await logsIn(email, NEW_PASSWORD)).toBe(true);
    // The upstream rotated its session key; the app's cookie now carries the new one.
    const rotated = response.headers.getSetCookie().find((line) => line.startsWith("__sakidori="))!;
    const done = await open(passwordChangeDoneLoader, "/profile/password/change/done", rotated.split(";")[0]);
    expect(done.status).toBe(200);
  });

  it("a logged-out visitor of the done page goes to login", async () => {
    expect(await locationOf(await open(passwordChangeDoneLoader, "/profile/password/change/done"))).toMatch(
      /^\/login\?redirectTo=/,
    );
  });
});

describe("the mail change's done page (GET /profile/mail/change/done)", () => {
  it("shows the address now in use", async () => {
    const browser = createUserWithSession(upstream);
    const email = (
      upstream.db.prepare("SELECT email FROM users WHERE id = ?").get(browser.userId) as {
        email: string;
      }
    ).email;
    const response = await open(mailChangeDoneLoader, "/profile/mail/change/done", await appCookie(browser));
    expect(await response.json()).toEqual({ email });
  });
});

describe("logout and the sign-in return point (POST /logout, GET /logout, GET /callback)", () => {
  it("a GET logs nobody out; the POST ends the upstream session and goes to login", async () => {
    const browser = createUserWithSession(upstream);
    const cookie = await appCookie(browser);
    expect(await locationOf((await logoutLoader()) as Response)).toBe("/mypage");
    expect((await browser.get("/api/draft_entry/")).status).toBe(200);

    expect(await locationOf(await post(logoutAction, "/logout", {}, cookie))).toBe("/login?error=logged_out");
    // The upstream no longer knows the session (DRF's "not authenticated").
    expect((await browser.get("/api/draft_entry/")).status).toBe(403);
  });

  it("/callback sends someone with a session to My page and anyone else to login", async () => {
    const cookie = await appCookie(createUserWithSession(upstream));
    expect(await locationOf(await open(callbackLoader, "/callback?next=//evil.example", cookie))).toBe(
      "/mypage",
    );
    expect(await locationOf(await open(callbackLoader, "/callback"))).toBe("/login");
  });
});
