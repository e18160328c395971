// Passwords over real HTTP: the reset flow through the outbox (once, expiry, invalidation) and the
// password change (session rotation). A settable clock stands in for waiting a day.

import { describe, expect, it } from "vitest";
import { latestMails } from "../../../reference-upstream/outbox";
import {
  insertUser,
  logInClient,
  PASSWORD,
  setCookie,
  TestClock,
  uniqueEmail,
  userWithClient,
} from "./accounts-fixtures";
import { useTestUpstream } from "./harness";

const NEW_PASSWORD = "amber-lantern-5512";
const INVALID_TOKEN = { token: ["無効な値です。"] };
const RESET_SENT = {
  detail:
    "ご登録のメールアドレスであれば、パスワード再設定用のメールを送信しました。メールをご確認ください。",
};

const clock = new TestClock();
const upstream = useTestUpstream({ overrides: { now: clock.now } });

async function requestReset(email: string) {
  const response = await upstream.client().post("/api/password/reset/", { email });
  expect(response.status).toBe(200);
  const mail = latestMails(upstream.db, { to: email, kind: "password_reset" })[0]!;
  const link = new URL(mail.link!);
  return { link, uid: link.searchParams.get("uid")!, token: link.searchParams.get("token")! };
}

const confirm = (body: Record<string, unknown>) =>
  upstream.client().post("/api/password/reset/confirm/", body);

describe("POST /api/password/reset/", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const email = uniqueEmail("known");
    await insertUser(upstream.db, { email });
    const known = await upstream.client().post("/api/password/reset/", { email });
    const unknownAddress = uniqueEmail("unknown");
    const unknown = await upstream.client().post("/api/password/reset/", { email: unknownAddress });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(RESET_SENT);
    expect(unknown.body).toEqual(known.body);
    expect(latestMails(upstream.db, { to: email, kind: "password_reset" })).toHaveLength(1);
    expect(latestMails(upstream.db, { to: unknownAddress })).toHaveLength(0);
  });

  it("refuses a malformed address with a field error", async () => {
    const response = await upstream.client().post("/api/password/reset/", { email: "no-at-sign" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ email: ["有効なメールアドレスを入力してください。"] });
  });
});

describe("POST /api/password/reset/confirm/", () => {
  it("resets the password through the mailed link, once, and ends every session", async () => {
    const { id, email, client } = await userWithClient(upstream);
    const { link, uid, token } = await requestReset(email);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/profile/password/reset/reset/new");
    expect(uid).toBe(Buffer.from(String(id)).toString("base64url"));
    const stored = upstream.db
      .prepare("SELECT token_hash FROM password_reset_tokens WHERE user_id = ?")
      .get(id) as {
      token_hash: string;
    };
    expect(stored.token_hash).not.toBe(token);

    const mismatch = await confirm({
      uid,
      token,
      new_password1: NEW_PASSWORD,
      new_password2: "something-else-77",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ new_password2: ["確認用パスワードが一致しません。"] });
    const weak = await confirm({ uid, token, new_password1: "12345", new_password2: "12345" });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      new_password2: [
        "このパスワードは短すぎます。最低 8 文字以上必要です。",
        "このパスワードは数字しか使われていません。",
      ],
    });

    const done = await confirm({ uid, token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ detail: "新しいパスワードが設定されました。" });
    expect((await client.get("/api/profile/")).status).toBe(403);
    expect((await upstream.client().post("/api/auth/", { email, password: PASSWORD })).status).toBe(401);
    expect((await upstream.client().post("/api/auth/", { email, password: NEW_PASSWORD })).status).toBe(200);

    const replay = await confirm({
      uid,
      token,
      new_password1: "another-pass-991",
      new_password2: "another-pass-991",
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(INVALID_TOKEN);
  });

  it("refuses a token after 24 hours", async () => {
    const email = uniqueEmail("late");
    await insertUser(upstream.db, { email });
    const { uid, token } = await requestReset(email);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const response = await confirm({ uid, token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect((await upstream.client().post("/api/auth/", { email, password: PASSWORD })).status).toBe(200);
  });

  it("refuses a token of another user, a bad uid and missing fields", async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    const firstId = await insertUser(upstream.db, { email: first });
    await insertUser(upstream.db, { email: second });
    const { token } = await requestReset(second);
    const firstUid = Buffer.from(String(firstId)).toString("base64url");

    const crossed = await confirm({
      uid: firstUid,
      token,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(crossed.body).toEqual(INVALID_TOKEN);
    for (const uid of ["!!!", "MDAx", Buffer.from("999999").toString("base64url")]) {
      const response = await confirm({
        uid,
        token,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(response.status, uid).toBe(400);
      expect(response.body).toEqual({ uid: ["無効な値です。"] });
    }
    const missing = await confirm({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(["new_password1", "new_password2", "token", "uid"]);
  });

  it("a token dies when the password is changed another way", async () => {
    const { email, client } = await userWithClient(upstream);
    const { uid, token } = await requestReset(email);
    const changed = await client.post("/api/password/change/", {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const response = await confirm({
      uid,
      token,
      new_password1: "third-pass-8181",
      new_password2: "third-pass-8181",
    });
    expect(response.body).toEqual(INVALID_TOKEN);
  });
});

describe("POST /api/password/change/", () => {
  it("checks the old password and the new pair, listing every problem", async () => {
    const { client } = await userWithClient(upstream);
    const response = await client.post("/api/password/change/", {
      old_password: "not-my-password",
      new_password1: NEW_PASSWORD,
      new_password2: "different-99-pass",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      old_password: ["元のパスワードが間違っています。もう一度入力してください。"],
      new_password2: ["確認用パスワードが一致しません。"],
    });
    const common = await client.post("/api/password/change/", {
      old_password: PASSWORD,
      new_password1: "password1",
      new_password2: "password1",
    });
    expect(common.body).toEqual({ new_password2: ["このパスワードは一般的すぎます。"] });
  });

  it("rotates the session, keeps its persistence, ends other sessions; only the new password works", async () => {
    const email = uniqueEmail("changer");
    await insertUser(upstream.db, { email });
    const client = await logInClient(upstream, email, { persistLoginState: true });
    const elsewhere = await logInClient(upstream, email);
    const oldSession = client.cookies.get("sessionid")!;
    const oldCsrf = client.cookies.get("csrftoken")!;

    const response = await client.post("/api/password/change/", {
      old_password: PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: "新しいパスワードが保存されました。" });
    expect(setCookie(response.setCookies, "sessionid")).toMatch(/; Max-Age=1209600;/);
    expect(client.cookies.get("sessionid")).not.toBe(oldSession);
    expect(client.cookies.get("csrftoken")).toBe(oldCsrf);

    expect((await client.get("/api/profile/")).status).toBe(200);
    expect((await elsewhere.get("/api/profile/")).status).toBe(403);
    const stale = upstream.client();
    stale.cookies.set("sessionid", oldSession);
    expect((await stale.get("/api/profile/")).status).toBe(403);
    expect((await upstream.client().post("/api/auth/", { email, password: PASSWORD })).status).toBe(401);
    expect((await upstream.client().post("/api/auth/", { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("needs a login", async () => {
    const response = await upstream.client().post("/api/password/change/", {});
    expect(response.status).toBe(403);
  });
});

describe("activation keys expire", () => {
  it("refuses an activation key after 7 days", async () => {
    const email = uniqueEmail("slow");
    const registered = await upstream
      .client()
      .post("/api/register/", { email, password: PASSWORD, corporate_division: "corporate" });
    expect(registered.status).toBe(201);
    const key = new URL(
      latestMails(upstream.db, { to: email, kind: "activation" })[0]!.link!,
    ).searchParams.get("key");
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const response = await upstream.client().post("/api/register/activation/", { key });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ key: ["このリンクは無効か、有効期限が切れています。"] });
  });
});
