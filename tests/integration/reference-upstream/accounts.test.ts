// Accounts over real HTTP: login (cookies, CSRF, brands, throttle), logout, registration and
// activation, the me call, bad input, restart, the demo seed.

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_ANALYTICS_ID_KEY } from "../../../reference-upstream/config";
import { latestMails } from "../../../reference-upstream/outbox";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from "../../../reference-upstream/seed";
import { dateJst, isoJst } from "../../../reference-upstream/time";
import { PartnerConsentMessage } from "../../../app/domain/partner-consent";
import {
  insertUser,
  logInClient,
  PASSWORD,
  TestClock,
  setCookie,
  uniqueEmail,
  userWithClient,
} from "./accounts-fixtures";
import { useTestUpstream, withTestUpstream } from "./harness";

const INVALID_CREDENTIALS = { detail: "メールアドレスまたはパスワードが正しくありません。" };
const NOT_AUTHENTICATED = { detail: "認証情報が含まれていません。" };

const clock = new TestClock();
const upstream = useTestUpstream({ overrides: { now: clock.now } });

describe("POST /api/auth/ (login)", () => {
  it("logs in and answers the me fields with version, a session and a CSRF cookie", async () => {
    const email = uniqueEmail();
    const id = await insertUser(upstream.db, { email });
    const client = upstream.client();
    const response = await client.post("/api/auth/", { email, password: PASSWORD, persistLoginState: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, email, version: "2026.11.0", corporate_division: "corporate" });
    expect(client.cookies.get("sessionid")).toMatch(/^[a-z0-9]{32}$/);
    expect(client.cookies.get("csrftoken")).toMatch(/^[A-Za-z0-9]{64}$/);
    const row = upstream.db.prepare("SELECT last_login FROM users WHERE id = ?").get(id) as {
      last_login: string;
    };
    expect(row.last_login).toMatch(/\+09:00$/);
  });

  it("§8 Login 401: a wrong password answers 401 with the Japanese detail and no session", async () => {
    const email = uniqueEmail();
    await insertUser(upstream.db, { email });
    const response = await upstream.client().post("/api/auth/", { email, password: "wrong-password-1" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
    expect(setCookie(response.setCookies, "sessionid")).toBeUndefined();
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const response = await upstream
      .client()
      .post("/api/auth/", { email: uniqueEmail("nobody"), password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
  });

  it("finds the account whatever the case of the address", async () => {
    const email = uniqueEmail("MixedCase");
    await insertUser(upstream.db, { email });
    const response = await upstream
      .client()
      .post("/api/auth/", { email: email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
  });

  it("refuses an inactive account like a wrong password", async () => {
    const email = uniqueEmail();
    await insertUser(upstream.db, { email, is_active: 0 });
    const response = await upstream.client().post("/api/auth/", { email, password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
  });

  it("answers missing fields with DRF field errors", async () => {
    const response = await upstream.client().post("/api/auth/", { persistLoginState: "perhaps" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ["この項目は必須です。"],
      password: ["この項目は必須です。"],
      persistLoginState: ["有効な真偽値を入力してください。"],
    });
  });

  it("§6: an account of another brand answers 401 with detail, correct_login_url and service_name", async () => {
    const email = uniqueEmail("midori");
    await insertUser(upstream.db, { email, service_id: "midori" });
    const response = await upstream.client().post("/api/auth/", { email, password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      detail: expect.stringContaining("みどり銀行 請求書買取サービス"),
      correct_login_url: "http://midori.localhost:3000/login",
      service_name: "みどり銀行 請求書買取サービス",
    });
    expect(setCookie(response.setCookies, "sessionid")).toBeUndefined();
    // On its own brand the same account logs in.
    const own = await upstream
      .client()
      .post("/api/auth/", { email, password: PASSWORD }, { headers: { "X-Service-Id": "midori" } });
    expect(own.status).toBe(200);
  });

  it("does not tell the brand of an account to someone without its password", async () => {
    const email = uniqueEmail("midori");
    await insertUser(upstream.db, { email, service_id: "midori" });
    const response = await upstream.client().post("/api/auth/", { email, password: "not-the-password" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
  });

  it("persistLoginState false gives a browser-session cookie, true one of 14 days", async () => {
    const email = uniqueEmail();
    await insertUser(upstream.db, { email });
    const session = await upstream
      .client()
      .post("/api/auth/", { email, password: PASSWORD, persistLoginState: false });
    const sessionCookie = setCookie(session.setCookies, "sessionid")!;
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Max-Age/i);
    expect(sessionCookie).not.toMatch(/Expires/i);
    expect(sessionCookie).toMatch(/HttpOnly/);

    const persistent = await upstream
      .client()
      .post("/api/auth/", { email, password: PASSWORD, persistLoginState: true });
    expect(setCookie(persistent.setCookies, "sessionid")).toMatch(/; Max-Age=1209600;/);
  });

  it("an anonymous login needs no CSRF token", async () => {
    const email = uniqueEmail();
    await insertUser(upstream.db, { email });
    const response = await upstream
      .client()
      .post("/api/auth/", { email, password: PASSWORD }, { csrf: false });
    expect(response.status).toBe(200);
  });

  it("logging in again cycles the session key and the CSRF token and ends the old session", async () => {
    const email = uniqueEmail();
    await insertUser(upstream.db, { email });
    const client = await logInClient(upstream, email);
    const oldSession = client.cookies.get("sessionid")!;
    const oldCsrf = client.cookies.get("csrftoken")!;
    const again = await client.post("/api/auth/", { email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(client.cookies.get("sessionid")).not.toBe(oldSession);
    expect(client.cookies.get("csrftoken")).not.toBe(oldCsrf);
    const stale = upstream.client();
    stale.cookies.set("sessionid", oldSession);
    expect((await stale.get("/api/profile/")).status).toBe(403);
    expect((await client.get("/api/profile/")).status).toBe(200);
  });

  it("throttles an account after 10 failed logins within 15 minutes (429 with Retry-After), apart for each browser the app names", async () => {
    const email = uniqueEmail("guessed");
    await insertUser(upstream.db, { email });
    const client = upstream.client();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await client.post("/api/auth/", { email, password: `wrong-${attempt}-guess` });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await client.post("/api/auth/", { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/^リクエストの処理は絞られました。\d+ 秒後に利用できます。$/);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // A browser the app knows for the account (X-Login-Device) has its own count: the owner gets in.
    const owner = await upstream
      .client()
      .post("/api/auth/", { email, password: PASSWORD }, { headers: { "X-Login-Device": "owners-browser" } });
    expect(owner.status).toBe(200);
    // Another address is not affected.
    const other = uniqueEmail();
    await insertUser(upstream.db, { email: other });
    expect((await upstream.client().post("/api/auth/", { email: other, password: PASSWORD })).status).toBe(
      200,
    );
  });
});

describe("POST /api/me/: the analytics view", () => {
  it("§3 carries owner_phone, company_name, user_segment and hashed_user_id, a keyed hash that is not the id", async () => {
    const { id, client } = await userWithClient(upstream, {
      owner_phone: "090-1111-2222",
      company_name: "株式会社テスト",
      user_segment: "trial",
    });
    const me = (await client.post("/api/me/")).body;
    expect(me).toMatchObject({
      owner_phone: "090-1111-2222",
      company_name: "株式会社テスト",
      user_segment: "trial",
      hashed_user_id: createHmac("sha256", DEFAULT_ANALYTICS_ID_KEY).update(String(id)).digest("hex"),
    });
    expect(me.hashed_user_id).toMatch(/^[0-9a-f]{64}$/);
    // Stable for the same user, different for another.
    expect((await client.post("/api/me/")).body.hashed_user_id).toBe(me.hashed_user_id);
    const other = await userWithClient(upstream);
    expect((await other.client.post("/api/me/")).body.hashed_user_id).not.toBe(me.hashed_user_id);
  });
});

describe("CSRF on an authenticated session", () => {
  it("refuses an unsafe call without X-CSRFToken with DRF's 403", async () => {
    const { client } = await userWithClient(upstream);
    const response = await client.patch("/api/profile/", {}, { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: "CSRF Failed: CSRF token missing." });
  });

  it("refuses a wrong X-CSRFToken with DRF's 403", async () => {
    const { client } = await userWithClient(upstream);
    const response = await client.post("/api/me/", undefined, { headers: { "X-CSRFToken": "x".repeat(64) } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: "CSRF Failed: CSRF token from the 'X-Csrftoken' HTTP header incorrect.",
    });
  });

  it("accepts the unsafe call with the token from the cookie", async () => {
    const { client } = await userWithClient(upstream);
    expect((await client.post("/api/me/")).status).toBe(200);
  });
});

describe("POST /api/auth/session/delete (logout)", () => {
  it("ends the session: the old cookie then gets 403 on /api/profile/", async () => {
    const { client } = await userWithClient(upstream);
    const oldSession = client.cookies.get("sessionid")!;
    const response = await client.post("/api/auth/session/delete");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect(setCookie(response.setCookies, "sessionid")).toMatch(/Max-Age=0/);
    expect(client.cookies.has("sessionid")).toBe(false);
    expect(
      upstream.db.prepare("SELECT 1 FROM sessions WHERE session_key = ?").get(oldSession),
    ).toBeUndefined();

    const replay = upstream.client();
    replay.cookies.set("sessionid", oldSession);
    const profile = await replay.get("/api/profile/");
    expect(profile.status).toBe(403);
    expect(profile.body).toEqual(NOT_AUTHENTICATED);
  });

  it("logs out cleanly with a dead session cookie and no CSRF token", async () => {
    const client = upstream.client();
    client.cookies.set("sessionid", "a".repeat(32));
    const response = await client.post("/api/auth/session/delete", undefined, { csrf: false });
    expect(response.status).toBe(200);
    expect(client.cookies.has("sessionid")).toBe(false);
  });
});

describe("POST /api/register/", () => {
  it("creates the account, logs it in and answers 201 {id, email, corporate_division}", async () => {
    const email = uniqueEmail("new");
    const client = upstream.client();
    const response = await client.post("/api/register/", {
      email,
      password: PASSWORD,
      corporate_division: "individual",
      experiment_user_id: "exp-42",
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), email, corporate_division: "individual" });
    expect(setCookie(response.setCookies, "sessionid")).not.toMatch(/Max-Age/);
    expect(client.cookies.get("csrftoken")).toBeDefined();
    const me = await client.post("/api/me/");
    expect(me.body).toMatchObject({
      id: response.body.id,
      email,
      is_email_verified: false,
      service_id: "sakidori",
    });
    const row = upstream.db
      .prepare("SELECT experiment_user_id, password_hash FROM users WHERE id = ?")
      .get(response.body.id) as { experiment_user_id: string; password_hash: string };
    expect(row.experiment_user_id).toBe("exp-42");
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it("stores the brand the registration came from", async () => {
    const email = uniqueEmail("brand");
    const response = await upstream
      .client()
      .post(
        "/api/register/",
        { email, password: PASSWORD, corporate_division: "corporate", partner_data_consent: true },
        { headers: { "X-Service-Id": "midori" } },
      );
    expect(response.status).toBe(201);
    const row = upstream.db.prepare("SELECT service_id FROM users WHERE id = ?").get(response.body.id) as {
      service_id: string;
    };
    expect(row.service_id).toBe("midori");
    // Its activation link points at its own brand's host.
    expect(latestMails(upstream.db, { to: email, kind: "activation" })[0]!.link).toMatch(
      /^http:\/\/midori\.localhost:3000\/company\/mail\/verify\?key=/,
    );
  });

  it("§6 a brand without individuals refuses 個人事業主 at its field, and makes no account", async () => {
    const email = uniqueEmail("midori-individual");
    const response = await upstream
      .client()
      .post(
        "/api/register/",
        { email, password: PASSWORD, corporate_division: "individual", partner_data_consent: true },
        { headers: { "X-Service-Id": "midori" } },
      );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      corporate_division: [
        "このサービスは法人のお客さまのみご利用いただけます。事業形態は「法人」を選択してください。",
      ],
    });
    expect(upstream.db.prepare("SELECT 1 FROM users WHERE email = ?").get(email)).toBeUndefined();
  });

  it("a brand with a partner bank records the consent to share with it, with the time; without it, no account", async () => {
    const refused = uniqueEmail("midori-no-consent");
    for (const consent of [undefined, false]) {
      const response = await upstream.client().post(
        "/api/register/",
        {
          email: refused,
          password: PASSWORD,
          corporate_division: "corporate",
          partner_data_consent: consent,
        },
        { headers: { "X-Service-Id": "midori" } },
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ partner_data_consent: [PartnerConsentMessage.required] });
    }
    expect(upstream.db.prepare("SELECT 1 FROM users WHERE email = ?").get(refused)).toBeUndefined();

    const before = isoJst(clock.now());
    const consenting = await upstream.client().post(
      "/api/register/",
      {
        email: uniqueEmail("midori-consent"),
        password: PASSWORD,
        corporate_division: "corporate",
        partner_data_consent: true,
      },
      { headers: { "X-Service-Id": "midori" } },
    );
    expect(consenting.status).toBe(201);
    const consentOf = (id: number) =>
      (
        upstream.db.prepare("SELECT partner_consent_at FROM users WHERE id = ?").get(id) as {
          partner_consent_at: string | null;
        }
      ).partner_consent_at;
    const recorded = consentOf(consenting.body.id);
    expect(recorded! >= before && recorded! <= isoJst(clock.now())).toBe(true);

    // The own brand has no partner: nothing is asked, nothing recorded.
    const own = await upstream.client().post("/api/register/", {
      email: uniqueEmail("own"),
      password: PASSWORD,
      corporate_division: "corporate",
    });
    expect(own.status).toBe(201);
    expect(consentOf(own.body.id)).toBeNull();
  });

  it("refuses an address already registered, whatever its case", async () => {
    const email = uniqueEmail("taken");
    await insertUser(upstream.db, { email });
    const response = await upstream.client().post("/api/register/", {
      email: email.toUpperCase(),
      password: PASSWORD,
      corporate_division: "corporate",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ["このメールアドレスは既に登録されています。"] });
  });

  it.each([
    ["short", "kx7p", ["このパスワードは短すぎます。最低 8 文字以上必要です。"]],
    ["entirely numeric", "48213957", ["このパスワードは数字しか使われていません。"]],
    ["common", "password123", ["このパスワードは一般的すぎます。"]],
    [
      "short and numeric",
      "1234",
      ["このパスワードは短すぎます。最低 8 文字以上必要です。", "このパスワードは数字しか使われていません。"],
    ],
  ])("refuses a weak password (%s) with Django's messages", async (_label, password, messages) => {
    const response = await upstream
      .client()
      .post("/api/register/", { email: uniqueEmail(), password, corporate_division: "corporate" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ password: messages });
  });

  it("refuses a password too similar to the e-mail address", async () => {
    const response = await upstream.client().post("/api/register/", {
      email: "hanako.yamada@example.co.jp",
      password: "hanako.yamada!",
      corporate_division: "corporate",
    });
    expect(response.status).toBe(400);
    expect(response.body.password).toEqual(["このパスワードは メールアドレス と似すぎています。"]);
  });

  it("lists every field error at once and writes nothing", async () => {
    const before = upstream.db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number };
    const response = await upstream
      .client()
      .post("/api/register/", { email: "not-an-address", password: 12345678, corporate_division: "company" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ["有効なメールアドレスを入力してください。"],
      password: ["有効な文字列ではありません。"],
      corporate_division: ['"company" は有効な選択肢ではありません。'],
    });
    const after = upstream.db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number };
    expect(after.n).toBe(before.n);
  });
});

describe("e-mail activation (contract addition)", () => {
  async function registerAndReadKey() {
    const email = uniqueEmail("activate");
    const client = upstream.client();
    const response = await client.post("/api/register/", {
      email,
      password: PASSWORD,
      corporate_division: "corporate",
    });
    expect(response.status).toBe(201);
    const mail = latestMails(upstream.db, { to: email, kind: "activation" })[0]!;
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/company\/mail\/verify\?key=[A-Za-z0-9_-]{43}$/);
    return { email, client, key: new URL(mail.link!).searchParams.get("key")! };
  }

  it("verifies the address with the key from the mail, once", async () => {
    const { email, client, key } = await registerAndReadKey();
    const stored = upstream.db
      .prepare("SELECT key_hash FROM email_verifications WHERE email = ?")
      .get(email) as {
      key_hash: string;
    };
    expect(stored.key_hash).not.toBe(key);

    const first = await upstream.client().post("/api/register/activation/", { key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email, verified: true });
    expect((await client.post("/api/me/")).body.is_email_verified).toBe(true);

    const second = await upstream.client().post("/api/register/activation/", { key });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ key: ["このリンクは無効か、有効期限が切れています。"] });
  });

  it("refuses an unknown or missing key", async () => {
    const unknown = await upstream.client().post("/api/register/activation/", { key: "no-such-key" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ key: ["このリンクは無効か、有効期限が切れています。"] });
    const missing = await upstream.client().post("/api/register/activation/", {});
    expect(missing.body).toEqual({ key: ["この項目は必須です。"] });
  });

  it("resend sends a new key and invalidates the old one; a verified address is refused", async () => {
    const { email, client, key: oldKey } = await registerAndReadKey();
    const resent = await client.post("/api/register/activation/resend/");
    expect(resent.status).toBe(200);
    const newKey = new URL(
      latestMails(upstream.db, { to: email, kind: "activation" })[0]!.link!,
    ).searchParams.get("key")!;
    expect(newKey).not.toBe(oldKey);
    expect((await upstream.client().post("/api/register/activation/", { key: oldKey })).status).toBe(400);
    expect((await upstream.client().post("/api/register/activation/", { key: newKey })).status).toBe(200);

    const again = await client.post("/api/register/activation/resend/");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ["このメールアドレスは既に確認済みです。"] });
  });

  it("resend needs a login", async () => {
    const response = await upstream.client().post("/api/register/activation/resend/");
    expect(response.status).toBe(403);
    expect(response.body).toEqual(NOT_AUTHENTICATED);
  });
});

describe("POST /api/me/", () => {
  it("answers an anonymous caller with the version only (§4: no id means logout)", async () => {
    const response = await upstream.client().post("/api/me/");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ version: "2026.11.0" });
  });

  it("answers a logged-in user with the §3 user fields and the version", async () => {
    const { id, email, client } = await userWithClient(upstream, { first_name: "花子", last_name: "山田" });
    const response = await client.post("/api/me/");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      email,
      first_name: "花子",
      last_name: "山田",
      version: "2026.11.0",
      has_usable_password: true,
      has_pre_entry_declined: false,
      has_satisfied_profile: false,
      identity_confirmation: 4,
      next_page: null,
      back_page: null,
      visited_at_entry_page_after_mail_verification: null,
    });
    for (const field of [
      "create_time",
      "update_time",
      "addfiles",
      "last_login",
      "user_segment",
      "owner_phone",
    ]) {
      expect(response.body).toHaveProperty(field);
    }
  });

  it("records the first visit after mail verification once", async () => {
    const { client } = await userWithClient(upstream);
    const first = await client.post("/api/me/visited_at_entry_page_after_mail_verification");
    expect(first.status).toBe(200);
    const stamp = first.body.visited_at_entry_page_after_mail_verification;
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T.*\+09:00$/);
    clock.advance(60_000);
    const second = await client.post("/api/me/visited_at_entry_page_after_mail_verification");
    expect(second.body.visited_at_entry_page_after_mail_verification).toBe(stamp);
    expect(
      (await upstream.client().post("/api/me/visited_at_entry_page_after_mail_verification")).status,
    ).toBe(403);
  });
});

describe("bad input never reaches a 500", () => {
  it("answers malformed JSON with 400 and a parse error detail", async () => {
    const response = await upstream
      .client()
      .request("POST", "/api/auth/", { raw: { body: '{"email": ', contentType: "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^JSONパースエラー - /);
  });

  it("answers a JSON array or a string body with 400 non_field_errors", async () => {
    for (const path of ["/api/auth/", "/api/register/", "/api/password/reset/"]) {
      const array = await upstream.client().post(path, [1, 2]);
      expect(array.status, path).toBe(400);
      expect(array.body).toEqual({
        non_field_errors: ['辞書型が期待されていましたが "list" 型を受け取りました。'],
      });
      const text = await upstream.client().post(path, "hello");
      expect(text.status, path).toBe(400);
    }
  });

  it("answers wrong field types with field errors", async () => {
    const response = await upstream.client().post("/api/auth/", { email: { $ne: "" }, password: ["x"] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ["有効な文字列ではありません。"],
      password: ["有効な文字列ではありません。"],
    });
  });

  it("answers a form-encoded body with 415", async () => {
    const response = await upstream.client().request("POST", "/api/auth/", {
      raw: { body: "email=a&password=b", contentType: "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
  });
});

describe("data survives a restart", () => {
  it("keeps accounts and sessions when the upstream is stopped and started on the same data", async () => {
    await withTestUpstream({}, async (upstream) => {
      const email = uniqueEmail("restart");
      const client = upstream.client();
      expect(
        (await client.post("/api/register/", { email, password: PASSWORD, corporate_division: "corporate" }))
          .status,
      ).toBe(201);
      await upstream.restart();

      // The old session still works against the new process ...
      const resumed = upstream.client();
      for (const [name, value] of client.cookies) resumed.cookies.set(name, value);
      expect((await resumed.post("/api/me/")).body.email).toBe(email);
      // ... and the password logs in again.
      const login = await upstream.client().post("/api/auth/", { email, password: PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.email).toBe(email);
    });
  });
});

describe("seedDemoAccount", () => {
  it("creates the demo account on an empty database, once, ready to apply", async () => {
    await withTestUpstream({}, async (fresh) => {
      const now = new Date();
      const seeded = await seedDemoAccount(fresh.db, now);
      expect(seeded).toEqual({ created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(await seedDemoAccount(fresh.db, now)).toEqual({
        created: false,
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect((fresh.db.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n).toBe(1);

      const client = fresh.client();
      const login = await client.post("/api/auth/", { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      const nextYear = new Date(now);
      nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
      expect(login.body).toMatchObject({
        corporate_division: "corporate",
        company_name: "株式会社サキドリデモ",
        has_satisfied_profile: true,
        identity_confirmation: 3,
        identity_valid_date: dateJst(nextYear),
        is_email_verified: true,
        service_id: "sakidori",
      });
      const profile = await client.get("/api/profile/");
      expect(profile.body).toMatchObject({ office_prefecture: "東京都", can_edit_bank_account: true });
      expect(profile.body.bank_account.bank_account_number).toMatch(/^\d{7}$/);
    });
  });

  it("creates nothing when the database already has users", async () => {
    await withTestUpstream({}, async (fresh) => {
      await insertUser(fresh.db);
      expect((await seedDemoAccount(fresh.db, new Date())).created).toBe(false);
      expect(fresh.db.prepare("SELECT 1 FROM users WHERE email = ?").get(DEMO_EMAIL)).toBeUndefined();
    });
  });
});
