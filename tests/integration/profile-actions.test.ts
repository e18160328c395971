// The profile forms and the pre-entry screening called directly, as Remix calls them, against the
// in-process reference upstream: /register/profile (the first registration, with the identity
// documents), /profile (every field), /register/pre_entry and its result. Each save is checked in
// what the upstream stored; each refusal for its §5 words at the field.

import { describe, expect, it } from "vitest";
import { ValidationMessage } from "~/domain/messages";
import { NEW_ENTRY_BLOCKER_MESSAGES } from "~/domain/new-entry";
import { IdentityDocumentMessage } from "~/domain/identity-documents";
import { action as profileAction, loader as profileLoader } from "~/routes/_mypage.profile";
import {
  action as preEntryAction,
  loader as preEntryLoader,
} from "~/routes/_mypage.register.pre_entry/route";
import {
  action as registerProfileAction,
  loader as registerProfileLoader,
} from "~/routes/_mypage.register.profile";
import { loader as preEntryResultLoader } from "~/routes/_simple-header-no-footer.pre_entry.result";
import { APP_ORIGIN, appCookie, failureOf, formPost, locationOf } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import { useTestUpstream } from "./reference-upstream/harness";
import {
  insertIdentityUpload,
  insertUser,
  logInClient,
  uniqueEmail,
} from "./reference-upstream/accounts-fixtures";
import { createUserWithSession } from "./reference-upstream/entry-fixtures";

const upstream = useTestUpstream();

function open(route: RouteFunction, path: string, cookie: string) {
  const request = new Request(`${APP_ORIGIN}${path}`, { headers: { Cookie: cookie } });
  return callRoute(route, request);
}

function post(route: RouteFunction, path: string, cookie: string, fields: Record<string, string>) {
  return callRoute(route, formPost(path, cookie, fields));
}

const stored = (id: number) =>
  upstream.db.prepare("SELECT * FROM users WHERE id = ?").get(id) as Record<string, unknown>;

/** The profile form as a person fills it (postcodes and phones typed their way). */
const PROFILE = {
  corporate_division: "corporate",
  company_name: "株式会社テスト商事",
  last_name: "山田",
  first_name: "太郎",
  office_zipcode: "１００－０００５",
  office_prefecture: "東京都",
  office_city: "千代田区",
  office_building_number: "1-1-1",
  office_phone: "03-1234-5678",
  owner_zipcode: "150-0001",
  owner_prefecture: "東京都",
  owner_city: "渋谷区",
  owner_building_number: "2-2-2",
  owner_phone: "090-1234-5678",
};

/** A newly registered account with no profile yet, logged in. */
async function newAccount() {
  const email = uniqueEmail("new-account");
  const id = await insertUser(upstream.db, { email });
  return { id, cookie: await appCookie(await logInClient(upstream, email)) };
}

describe("the first profile registration (GET and POST /register/profile)", () => {
  it("without both identity documents: §5's refusal at the top, nothing saved", async () => {
    const { id, cookie } = await newAccount();
    const page = (await (await open(registerProfileLoader, "/register/profile", cookie)).json()) as {
      identity: { needsDocuments: boolean };
    };
    expect(page.identity.needsDocuments).toBe(true);
    insertIdentityUpload(upstream.db, id, "front");
    const response = await post(registerProfileAction, "/register/profile", cookie, {
      ...PROFILE,
      identity_document_type: "drivingLicence",
    });
    expect(response.status).toBe(400);
    expect((await failureOf(response)).formErrors).toEqual([IdentityDocumentMessage.filesRequired]);
    expect(stored(id).company_name ?? "").toBe("");
  });

  it("a blank name is refused at its field (422); complete, the profile and documents are saved and My page opens", async () => {
    const { id, cookie } = await newAccount();
    insertIdentityUpload(upstream.db, id, "front");
    insertIdentityUpload(upstream.db, id, "back");
    const blank = await post(registerProfileAction, "/register/profile", cookie, {
      ...PROFILE,
      last_name: " ",
      identity_document_type: "drivingLicence",
    });
    expect(blank.status).toBe(422);
    expect((await failureOf(blank)).fieldErrors.last_name).toBe(ValidationMessage.blank);

    const saved = await post(registerProfileAction, "/register/profile", cookie, {
      ...PROFILE,
      identity_document_type: "drivingLicence",
    });
    expect(await locationOf(saved)).toBe("/mypage");
    expect(stored(id)).toMatchObject({
      company_name: "株式会社テスト商事",
      office_zipcode: "1000005",
      identity_document_type: "drivingLicence",
    });
  });
});

describe("マイナンバーカード is registered with its front alone (its back carries the 個人番号)", () => {
  it("saves the card with one file, sending the upstream only its front", async () => {
    const { id, cookie } = await newAccount();
    const none = await post(registerProfileAction, "/register/profile", cookie, {
      ...PROFILE,
      identity_document_type: "individualNumber",
    });
    expect(none.status).toBe(400);
    expect((await failureOf(none)).formErrors).toEqual([IdentityDocumentMessage.cardFrontRequired]);

    const front = insertIdentityUpload(upstream.db, id, "front");
    const saved = await post(registerProfileAction, "/register/profile", cookie, {
      ...PROFILE,
      identity_document_type: "individualNumber",
    });
    expect(await locationOf(saved)).toBe("/mypage");
    expect(stored(id)).toMatchObject({
      identity_document_type: "individualNumber",
      identity_confirmation: 1,
    });
    const submitted = upstream.db
      .prepare("SELECT upload_id FROM identity_submission_files WHERE user_id = ?")
      .all(id) as { upload_id: number }[];
    expect(submitted.map((row) => row.upload_id)).toEqual([front]);
  });
});

describe("the profile (GET and POST /profile)", () => {
  it("shows what is stored; a save stores every field and comes back with 「会員情報を保存しました。」 (PRG)", async () => {
    const browser = createUserWithSession(upstream);
    const cookie = await appCookie(browser);
    const page = (await (await open(profileLoader, "/profile", cookie)).json()) as {
      defaults: Record<string, string>;
    };
    expect(page.defaults.company_name).toBe("株式会社テスト");
    expect(page.defaults.office_zipcode).toBe("100-0001");

    const saved = await post(profileAction, "/profile", cookie, {
      ...PROFILE,
      sector: "unknown",
      business_summary: "事務用品の卸売",
    });
    expect(await locationOf(saved)).toBe("/profile?saved=profile");
    expect(stored(browser.userId)).toMatchObject({
      company_name: "株式会社テスト商事",
      owner_city: "渋谷区",
      business_summary: "事務用品の卸売",
    });
    const after = (await (await open(profileLoader, "/profile?saved=profile", cookie)).json()) as {
      saved: string;
    };
    expect(after.saved).toBe("会員情報を保存しました。");
  });

  it("§5: a postcode that is not one is refused at its field (422), the typing kept, nothing saved", async () => {
    const browser = createUserWithSession(upstream);
    const response = await post(profileAction, "/profile", await appCookie(browser), {
      ...PROFILE,
      office_zipcode: "12",
    });
    expect(response.status).toBe(422);
    const failure = await failureOf(response);
    expect(Object.keys(failure.fieldErrors)).toEqual(["office_zipcode"]);
    expect(failure.values.company_name).toBe("株式会社テスト商事");
    expect(stored(browser.userId).company_name).toBe("株式会社テスト");
  });
});

describe("the pre-entry screening (GET and POST /register/pre_entry, GET /pre_entry/result)", () => {
  const answers = {
    corporate_division: "corporate",
    years_in_business: "３",
    annual_sales: "12,000,000",
    has_invoice: "yes",
    has_tax_delinquency: "no",
  };

  it("unanswered: the questions, the registered division chosen; the result page sends back to them", async () => {
    const { cookie } = await newAccount();
    expect(await (await open(preEntryLoader, "/register/pre_entry", cookie)).json()).toEqual({
      defaults: { corporate_division: "corporate" },
      individualSupported: true,
      // Whom the page was rendered for (decision 0027).
      typedBy: expect.any(String),
    });
    expect(await locationOf(await open(preEntryResultLoader, "/pre_entry/result", cookie))).toBe(
      "/register/pre_entry",
    );
    const empty = await post(preEntryAction, "/register/pre_entry", cookie, {});
    expect(empty.status).toBe(422);
    expect((await failureOf(empty)).fieldErrors.has_invoice).toBe(
      "請求書（適格請求書）を発行しているかを選択してください。",
    );
  });

  it("accepted: the result gives My page's answer, not the screening's alone (here: the profile and identity first)", async () => {
    const { id, cookie } = await newAccount();
    expect(await locationOf(await post(preEntryAction, "/register/pre_entry", cookie, answers))).toBe(
      "/pre_entry/result",
    );
    expect(stored(id).has_pre_entry_declined).toBe(0);
    expect(await (await open(preEntryResultLoader, "/pre_entry/result", cookie)).json()).toEqual({
      declined: false,
      reasons: [],
      newEntry: {
        allowed: false,
        href: "/entry/entry_invoice",
        reasons: [NEW_ENTRY_BLOCKER_MESSAGES.identityImperfect],
      },
      profileFirst: true,
    });
  });

  // §4: preEntryDeclined is the status of a user whose profile is not yet satisfied.
  it("§4 preEntryDeclined: a declined answer marks the user, the result gives the reasons, the questions are not asked again", async () => {
    const { id, cookie } = await newAccount();
    const declined = { ...answers, has_tax_delinquency: "yes" };
    expect(await locationOf(await post(preEntryAction, "/register/pre_entry", cookie, declined))).toBe(
      "/pre_entry/result",
    );
    expect(stored(id).has_pre_entry_declined).toBe(1);
    const result = (await (await open(preEntryResultLoader, "/pre_entry/result", cookie)).json()) as {
      declined: boolean;
      reasons: string[];
      profileFirst: boolean;
    };
    expect(result.declined).toBe(true);
    expect(result.profileFirst).toBe(false);
    expect(result.reasons.length).toBeGreaterThan(0);
    expect(await locationOf(await open(preEntryLoader, "/register/pre_entry", cookie))).toBe(
      "/pre_entry/result",
    );
    expect(await locationOf(await post(preEntryAction, "/register/pre_entry", cookie, answers))).toBe(
      "/pre_entry/result",
    );
    // Nor the profile and identity documents: the forms answer with the screening's result, saving nothing.
    for (const [route, path] of [
      [registerProfileLoader, "/register/profile"],
      [profileLoader, "/profile"],
    ] as const) {
      expect(await locationOf(await open(route, path, cookie)), path).toBe("/pre_entry/result");
    }
    const forged = { ...PROFILE, identity_document_type: "drivingLicence" };
    for (const [route, path] of [
      [registerProfileAction, "/register/profile"],
      [profileAction, "/profile"],
    ] as const) {
      expect(await locationOf(await post(route, path, cookie, forged)), path).toBe("/pre_entry/result");
    }
    expect(stored(id).company_name ?? "").toBe("");
  });
});
