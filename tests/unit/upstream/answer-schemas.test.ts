// Responses are parsed with zod at that boundary instead of `as T`. Each resource call
// states the shape of the answer it reads; a 2xx that does not have it is the §8 server error the
// client gives any 2xx it cannot read (UpstreamMalformedResponseError, 502), never a value of the
// wrong type handed to a page. A field the app does not read, and a null where the API allows one
// (docs/upstream-api/*.md), are fine.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RequestContext } from "~/request/context.server";
import { AppSession } from "~/request/session.server";
import { fetchCurrentUser, login } from "~/upstream/auth.server";
import { loadDraft, loadPendingFiles } from "~/upstream/draft.server";
import { listEntries, loadEntryPermission, submitEntry } from "~/upstream/entries.server";
import { UpstreamMalformedResponseError } from "~/upstream/errors.server";
import { suggestCorporations } from "~/upstream/houjinbangou.server";
import { loadProfile } from "~/upstream/profile.server";
import { loadSystemSettings } from "~/upstream/settings.server";
import { type FakeHandler, type FakeUpstream, answer, failure, startFakeUpstream } from "./fake-upstream";

let fake: FakeUpstream;
let handler: FakeHandler;

beforeAll(async () => {
  fake = await startFakeUpstream((req, res, body) => handler(req, res, body));
  // appConfig() reads the environment once, at the first RequestContext: set before any.
  process.env.API_BASE_URL = fake.baseUrl;
});

afterAll(() => fake.close());

beforeEach(() => {
  handler = answer(500);
});

/** A page request's context, logged in to the fake upstream. */
async function context(): Promise<RequestContext> {
  const session = await AppSession.fromRequest(new Request("http://localhost:3000/"));
  session.credentials = { sessionid: "s".repeat(32), csrftoken: "tok" };
  const cookie = (await session.commit()).split(";")[0]!;
  return RequestContext.create(new Request("http://localhost:3000/mypage", { headers: { Cookie: cookie } }));
}

async function malformed(promise: Promise<unknown>) {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(UpstreamMalformedResponseError);
  expect((error as UpstreamMalformedResponseError).status).toBe(502);
}

const UPLOAD = {
  id: 7,
  kind: "identity",
  name: "front.png",
  content_type: "image/png",
  size: 120,
  created_at: "2026-05-01T10:00:00+09:00",
  error: false,
  message: "",
  side: "front",
};

/** §3 Profile as the reference upstream answers GET /api/profile/. */
const PROFILE = {
  id: 1,
  first_name: "太郎",
  last_name: "山田",
  corporate_division: "corporate",
  company_name: "株式会社テスト",
  email: "taro@example.com",
  identity_confirmation: 4,
  identity_document_type: "passport",
  identity_valid_date: "2027-01-01",
  bank_account: {
    bank_name: "みずほ銀行",
    branch_name: "本店",
    deposit_type: "ordinary",
    bank_account_number: "1234567",
    account_holder_name: "ヤマダ タロウ",
  },
  office_phone: "03-1234-5678",
  office_zipcode: "1000005",
  office_prefecture: "東京都",
  office_city: "千代田区",
  office_building_number: "1-1",
  owner_phone: "090-1234-5678",
  owner_zipcode: "1000005",
  owner_prefecture: "東京都",
  owner_city: "千代田区",
  owner_building_number: "1-1",
  addfiles: [UPLOAD],
  has_usable_password: true,
  sector: "services",
  business_summary: "",
  can_edit_bank_account: true,
  has_entry_permission_when_delayed: true,
};

describe("GET /api/profile/ (§3 Profile)", () => {
  it("a profile without its identity status, or with an id that is no number, is malformed", async () => {
    const { identity_confirmation: _dropped, ...withoutStatus } = PROFILE;
    handler = answer(200, withoutStatus);
    await malformed(loadProfile(await context()));
    handler = answer(200, { ...PROFILE, id: "1" });
    await malformed(loadProfile(await context()));
    handler = answer(200, { ...PROFILE, addfiles: [{ ...UPLOAD, id: null }] });
    await malformed(loadProfile(await context()));
  });

  it("a field the app does not read is ignored", async () => {
    handler = answer(200, { ...PROFILE, hashed_user_id: "abc", next_page: null });
    expect((await loadProfile(await context())).email).toBe("taro@example.com");
  });

  it("null where the API allows it: no identity document yet, no valid date, no bank account", async () => {
    handler = answer(200, {
      ...PROFILE,
      identity_document_type: null,
      identity_valid_date: null,
      bank_account: null,
    });
    const profile = await loadProfile(await context());
    expect(profile.bank_account).toBeNull();
    expect(profile.identity_document_type).toBeNull();
  });
});

describe("POST /api/me/ and POST /api/auth/ (§3 Current user)", () => {
  it("a user whose id or identity status is of the wrong type is malformed, not a logout", async () => {
    handler = answer(200, { version: "1", id: "12" });
    await malformed(fetchCurrentUser(await context()));
    handler = answer(200, { version: "1", id: 12, identity_confirmation: "confirmed" });
    await malformed(fetchCurrentUser(await context()));
  });

  it("the anonymous answer (only a version) is a visitor; unknown fields and nulls are fine", async () => {
    handler = answer(200, { version: "1" });
    expect(await fetchCurrentUser(await context())).toBeNull();
    handler = answer(200, {
      version: "1",
      id: 12,
      identity_valid_date: null,
      last_withdrawals_detail_date: null,
      hashed_user_id: "x",
      next_page: null,
    });
    expect((await fetchCurrentUser(await context()))?.id).toBe(12);
  });

  it("a login answered with a list is malformed", async () => {
    handler = answer(200, [{ id: 1 }], { "Set-Cookie": `sessionid=${"n".repeat(32)}; Path=/` });
    await malformed(
      login(await context(), { email: "a@example.com", password: "x", persistLoginState: false }, null),
    );
  });
});

const DRAFT = {
  id: 3,
  purchase_amount_desired: "1000000",
  purpose: "運転資金",
  claims: [{ obliger_company_name: "株式会社A", amount: 500000, contentfile_relations: [7] }],
  can_submit_financial_statements: null,
  tax_return_submissions: null,
  includes_sga_expenses: null,
  banks: [],
  bank_account: null,
  updated_at: "2026-05-01T10:00:00+09:00",
};

describe("GET /api/draft_entry/ and GET /api/uploads/", () => {
  it("a draft whose claims are not a list, or whose file ids are not numbers, is malformed", async () => {
    handler = answer(200, { ...DRAFT, claims: { 0: {} } });
    await malformed(loadDraft(await context()));
    handler = answer(200, { ...DRAFT, claims: [{ contentfile_relations: ["7"] }] });
    await malformed(loadDraft(await context()));
  });

  it("the empty default (ids and dates null, lists empty) is read; a key the app does not know is kept", async () => {
    handler = answer(200, {
      ...DRAFT,
      id: null,
      updated_at: null,
      purchase_amount_desired: null,
      purpose: null,
      claims: [{ contentfile_relations: [], future_field: "x" }],
    });
    const draft = await loadDraft(await context());
    expect(draft.id).toBeNull();
    expect(draft.claims[0]).toEqual({ contentfile_relations: [], future_field: "x" });
  });

  it("a pending-files answer that is not a list of uploads is malformed", async () => {
    handler = answer(200, { results: [UPLOAD] });
    await malformed(loadPendingFiles(await context()));
    handler = answer(200, [{ ...UPLOAD, created_at: undefined }]);
    await malformed(loadPendingFiles(await context()));
    handler = answer(200, [{ ...UPLOAD, kind: "invoice-1", side: undefined, is_active: true }]);
    expect(await loadPendingFiles(await context())).toHaveLength(1);
  });
});

describe("GET /api/entries/, GET /api/entry_permission/, POST /api/entries/", () => {
  const ENTRY = {
    id: 1,
    code: "E000001",
    status: 1,
    purchase_amount_desired: "1000000",
    created_at: "2026-05-01T10:00:00+09:00",
    claims: [{ id: 1, status: 1, displayId: 1 }],
    contract_period: null,
  };

  it("an entry without a status, or claims without theirs, is malformed", async () => {
    handler = answer(200, [{ ...ENTRY, status: undefined }]);
    await malformed(listEntries(await context()));
    handler = answer(200, [{ ...ENTRY, claims: [{ id: 1 }] }]);
    await malformed(listEntries(await context()));
  });

  it("the entries the API lists are read, with their extra fields and nulls", async () => {
    handler = answer(200, [{ ...ENTRY, purchase_amount_desired: null, metadata: {} }]);
    expect((await listEntries(await context()))[0]?.code).toBe("E000001");
  });

  it("entry permission flags that are not booleans are malformed", async () => {
    handler = answer(200, {
      has_delay_claim: "no",
      has_entry_permission_when_delayed: true,
      can_edit_bank_account: true,
    });
    await malformed(loadEntryPermission(await context()));
  });

  it("a created entry without an id is malformed", async () => {
    handler = answer(201, { code: "E000001" });
    await malformed(submitEntry(await context(), { idempotency_key: "k" } as never));
  });
});

describe("GET /api/system_settings/supress_entries/ and GET /api/ext/houjinbangou/", () => {
  it("settings without a method are malformed (502), not the §8 settings failure that logs out", async () => {
    handler = answer(200, { segment: "", message: "" });
    await malformed(loadSystemSettings(await context()));
  });

  it("settings with a null segment and message are read as empty", async () => {
    handler = answer(200, { method: "none", segment: null, message: null });
    expect(await loadSystemSettings(await context())).toEqual({ method: "none", segment: "", message: "" });
  });

  it("suggestions that are not a list of corporations are malformed", async () => {
    handler = answer(200, { name: "株式会社A" });
    await malformed(suggestCorporations(await context(), "株式会社"));
    handler = answer(200, [{ name: 1, houjinbangou: "1234567890123", address: "東京都" }]);
    await malformed(suggestCorporations(await context(), "株式会社"));
  });
});
