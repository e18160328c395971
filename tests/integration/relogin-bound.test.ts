// The login in place of a step whose session ended (decision 0027) belongs to the person who typed:
// what it carries is replayed into their draft only; anyone else logging in on it gets a plain login,
// and a carried field changed in the page is never replayed. The step's loader and action called
// directly, as Remix calls them, against the in-process reference upstream.

import { describe, expect, it } from "vitest";
import { RELOGIN_FIELD, TYPED_BY_FIELD, TYPED_FIELD } from "~/forms/session-resume";
import { CLIENT_ADDRESS_HEADER } from "~/request/client-address";
import { action, loader } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as passwordAction } from "~/routes/_mypage.profile_.password.change/route";
import {
  action as preEntryAction,
  loader as preEntryLoader,
} from "~/routes/_mypage.register.pre_entry/route";
import { deleteSessionsOfUser } from "../../reference-upstream/auth/sessions";
import { APP_ORIGIN, appCookie, formPost } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import { PASSWORD, passwordHash } from "./reference-upstream/accounts-fixtures";
import { type UserClient, createUserWithSession, loginAs } from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

const INVOICE = "/entry/entry_invoice";
const TYPED = { purpose: "設備の入れ替え", "claims[0].obliger_company_name": "株式会社あとから" };

interface Person {
  browser: UserClient;
  email: string;
  cookie: string;
  draft(): Promise<Record<string, any>>;
}

/** Someone with a password, logged in, a claim in the draft: the invoice step is theirs to type in. */
async function person(): Promise<Person> {
  const browser = createUserWithSession(upstream, { password_hash: await passwordHash() });
  expect(
    (
      await browser.patch("/api/draft_entry/", {
        purpose: "運転資金",
        claims: [{ obliger_company_name: "株式会社もとから", contentfile_relations: [] }],
      })
    ).status,
  ).toBe(200);
  const { email } = upstream.db.prepare("SELECT email FROM users WHERE id = ?").get(browser.userId) as {
    email: string;
  };
  return {
    browser,
    email,
    cookie: await appCookie(browser),
    // Through a session of its own: the test may have ended the person's.
    draft: async () =>
      (await loginAs(upstream, browser.userId).get("/api/draft_entry/")).body as Record<string, any>,
  };
}

/** The hidden fields the step's page renders into its form for the person it was rendered for. */
async function pageFieldsFor(typist: Person): Promise<[string, string][]> {
  const page = await callRoute(
    loader,
    new Request(`${APP_ORIGIN}${INVOICE}`, { headers: { Cookie: typist.cookie } }),
  );
  expect(page.status).toBe(200);
  const { typedBy } = (await page.json()) as { typedBy: string };
  return [[TYPED_BY_FIELD, typedBy]];
}

type Ending = "the app's cookie gone" | "the upstream's session expired";

/** The typist's 下書き保存 after their session ended: the 401 login form's carried field. */
async function carriedAfterTheSessionEnded(
  typist: Person,
  ending: Ending,
  typed: Record<string, string> = TYPED,
): Promise<string> {
  const fields = await pageFieldsFor(typist);
  let cookie = "";
  if (ending === "the upstream's session expired") {
    deleteSessionsOfUser(upstream.db, typist.browser.userId);
    cookie = typist.cookie;
  }
  const answer = await callRoute(
    action,
    formPost(INVOICE, cookie, [...Object.entries(typed), ...fields, ["intent", "save_draft"]]),
  );
  expect(answer.status).toBe(401);
  const body = (await answer.json()) as { typed: string | null };
  expect(typeof body.typed).toBe("string");
  return body.typed!;
}

/** The login form posted back to the step with ?relogin, as the browser sends it (no app cookie). */
function reloginPost(carried: string, email: string, password = PASSWORD) {
  const request = formPost(INVOICE, "", {
    [RELOGIN_FIELD]: "login",
    [TYPED_FIELD]: carried,
    email,
    password,
  });
  request.headers.set(CLIENT_ADDRESS_HEADER, "127.0.0.1");
  return callRoute(action, request);
}

const ENDINGS: readonly Ending[] = ["the app's cookie gone", "the upstream's session expired"];

describe.each(ENDINGS)("the login in place of a step, %s", (ending) => {
  it("logged in as the person who typed: what was typed is saved into their draft", async () => {
    const typist = await person();
    const carried = await carriedAfterTheSessionEnded(typist, ending);
    const answer = await reloginPost(carried, typist.email);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${INVOICE}?saved=1`);
    const draft = await typist.draft();
    expect(draft.purpose).toBe(TYPED.purpose);
    expect(draft.claims[0].obliger_company_name).toBe(TYPED["claims[0].obliger_company_name"]);
  });

  it("another person logging in on it: a plain login to My page, their draft unchanged", async () => {
    const typist = await person();
    const other = await person();
    const before = await other.draft();
    const carried = await carriedAfterTheSessionEnded(typist, ending);

    const answer = await reloginPost(carried, other.email);
    expect(await other.draft()).toEqual(before);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/mypage");
    // Logged in all the same: the answer carries the new app session.
    expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("__sakidori="))).toBe(true);
    expect((await typist.draft()).purpose).toBe("運転資金");
  });

  it("a refused login answers the form again, still carrying what was typed for the typist only", async () => {
    const typist = await person();
    const carried = await carriedAfterTheSessionEnded(typist, ending);
    const refused = await reloginPost(carried, typist.email, "not-the-password-2026");
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { typed: string | null };
    expect(body.typed).toBe(carried);
    const answer = await reloginPost(body.typed!, typist.email);
    expect(answer.headers.get("Location")).toBe(`${INVOICE}?saved=1`);
    expect((await typist.draft()).purpose).toBe(TYPED.purpose);
  });
});

describe("a carried field changed in the page", () => {
  it("is never replayed, whoever logs in: a plain login, the draft unchanged", async () => {
    const typist = await person();
    const carried = await carriedAfterTheSessionEnded(typist, "the app's cookie gone");
    const middle = Math.floor(carried.length / 2);
    const changed = carried[middle] === "A" ? "B" : "A";
    const forged = [
      JSON.stringify([["purpose", "書き換えた使途"]]),
      `${carried.slice(0, middle)}${changed}${carried.slice(middle + 1)}`,
    ];
    for (const typed of forged) {
      const answer = await reloginPost(typed, typist.email);
      expect(answer.headers.get("Location")).toBe("/mypage");
    }
    expect((await typist.draft()).purpose).toBe("運転資金");
  });
});

describe("a step's page left open while another person logged in", () => {
  it("posted in their session: nothing saved into their draft, the login form carries it for the typist", async () => {
    const typist = await person();
    const other = await person();
    const before = await other.draft();
    // The typist's page, rendered while they were logged in; the browser's cookie is now the other's.
    const fields = await pageFieldsFor(typist);
    const answer = await callRoute(
      action,
      formPost(INVOICE, other.cookie, [...Object.entries(TYPED), ...fields, ["intent", "save_draft"]]),
    );
    expect(answer.status).toBe(401);
    expect(await other.draft()).toEqual(before);
    const carried = ((await answer.json()) as { typed: string }).typed;
    expect((await reloginPost(carried, other.email)).headers.get("Location")).toBe("/mypage");
    expect(await other.draft()).toEqual(before);
    expect((await reloginPost(carried, typist.email)).headers.get("Location")).toBe(`${INVOICE}?saved=1`);
    expect((await typist.draft()).purpose).toBe(TYPED.purpose);
  });
});

/** The app session a successful login's answer sets, as the browser sends it back. */
const sessionCookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith("__sakidori"))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

describe("a form whose post reaches the operator (pre-entry): after the login, back filled, nothing sent", () => {
  const PRE_ENTRY = "/register/pre_entry";
  const ANSWERS = { corporate_division: "corporate", years_in_business: "3", annual_sales: "12,000,000" };
  const post = (cookie: string, fields: [string, string][]) =>
    callRoute(preEntryAction, formPost(PRE_ENTRY, cookie, fields, "127.0.0.1"));

  async function carried(typist: Person): Promise<string> {
    const page = await callRoute(
      preEntryLoader,
      new Request(`${APP_ORIGIN}${PRE_ENTRY}`, { headers: { Cookie: typist.cookie } }),
    );
    const { typedBy } = (await page.json()) as { typedBy: string };
    const answer = await post("", [...Object.entries(ANSWERS), [TYPED_BY_FIELD, typedBy]]);
    expect(answer.status).toBe(401);
    const body = (await answer.json()) as { typed: string | null; afterLogin: string };
    expect(body.afterLogin).toBe("show");
    return body.typed!;
  }

  it("the typist's login answers the way back; the way back shows the answers with the notice, unsent", async () => {
    const typist = await person();
    const typed = await carried(typist);
    const loggedIn = await post("", [
      [RELOGIN_FIELD, "login"],
      [TYPED_FIELD, typed],
      ["email", typist.email],
      ["password", PASSWORD],
    ]);
    expect(loggedIn.status).toBe(200);
    expect(await loggedIn.json()).toEqual({ backToForm: true, afterLogin: "show", typed });

    const back = await post(sessionCookieOf(loggedIn), [
      [RELOGIN_FIELD, "restore"],
      [TYPED_FIELD, typed],
    ]);
    expect(back.status).toBe(200);
    const body = (await back.json()) as { values: Record<string, string>; notice: string };
    expect(body.values).toMatchObject(ANSWERS);
    expect(body.notice).toContain("まだ送信していません");
    // Nothing was sent: the upstream holds no screening answer for the typist.
    expect(
      upstream.db
        .prepare("SELECT COUNT(*) AS n FROM pre_entries WHERE user_id = ?")
        .get(typist.browser.userId),
    ).toEqual({ n: 0 });
  });

  it("the way back in someone else's session shows nothing of it; without a session it asks for the login again", async () => {
    const typist = await person();
    const other = await person();
    const typed = await carried(typist);
    const elsewhere = await post(other.cookie, [
      [RELOGIN_FIELD, "restore"],
      [TYPED_FIELD, typed],
    ]);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("Location")).toBe(PRE_ENTRY);
    const ended = await post("", [
      [RELOGIN_FIELD, "restore"],
      [TYPED_FIELD, typed],
    ]);
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { typed: string | null }).typed).toBe(typed);
  });
});

describe("the password change: nothing carried", () => {
  const CHANGE = "/profile/password/change";
  it("answers the login in place with no field of it, and after the login the page again", async () => {
    const typist = await person();
    const post = (fields: [string, string][]) =>
      callRoute(passwordAction, formPost(CHANGE, "", fields, "127.0.0.1"));
    const answer = await post([
      ["old_password", PASSWORD],
      ["new_password1", "Another-Strong-2026!x"],
      ["new_password2", "Another-Strong-2026!x"],
    ]);
    expect(answer.status).toBe(401);
    const text = await answer.text();
    expect(text).not.toContain("Another-Strong-2026!x");
    expect(JSON.parse(text)).toMatchObject({ afterLogin: "nothing", typed: null });
    const loggedIn = await post([
      [RELOGIN_FIELD, "login"],
      ["email", typist.email],
      ["password", PASSWORD],
    ]);
    expect(loggedIn.status).toBe(302);
    expect(loggedIn.headers.get("Location")).toBe(CHANGE);
  });
});

describe("a step's save after the login that is not a redirect (a field to correct)", () => {
  it("answers the way back, and the way back, logged in, answers the step's own 422 with the typing", async () => {
    const typist = await person();
    const typed = { ...TYPED, "claims[0].amount": "百万円" };
    const carried = await carriedAfterTheSessionEnded(typist, "the app's cookie gone", typed);
    const loggedIn = await reloginPost(carried, typist.email);
    expect(loggedIn.status).toBe(200);
    expect(await loggedIn.json()).toEqual({ backToForm: true, afterLogin: "save", typed: carried });
    const cookie = sessionCookieOf(loggedIn);
    const back = await callRoute(
      action,
      formPost(INVOICE, cookie, { [RELOGIN_FIELD]: "restore", [TYPED_FIELD]: carried }),
    );
    expect(back.status).toBe(422);
    const body = (await back.json()) as {
      values: Record<string, string>;
      fieldErrors: Record<string, string>;
    };
    expect(body.values).toMatchObject(typed);
    expect(Object.keys(body.fieldErrors)).toContain("claims[0].amount");
  });
});
