// Profile, settings and pre-entry over real HTTP: server-side validation of the §3 profile fields,
// the §5 identity rule, the narrower PATCH variants, suppression and permission settings, screening.

import { describe, expect, it } from "vitest";
import { isoJst } from "../../../reference-upstream/time";
import { insertIdentityUpload, insertUser, logInClient, userWithClient } from "./accounts-fixtures";
import { useTestUpstream } from "./harness";

const IDENTITY_REQUIRED = { non_field_errors: ["本人確認書類（表面・裏面）をアップロードしてください。"] };

const upstream = useTestUpstream();

/** A user whose identity is confirmed (§4: 3), so profile edits need no new documents. */
const confirmedUser = (columns: Record<string, unknown> = {}) =>
  userWithClient(upstream, { identity_confirmation: 3, identity_valid_date: "2099-12-31", ...columns });

const userRow = (id: number) =>
  upstream.db.prepare("SELECT * FROM users WHERE id = ?").get(id) as Record<string, any>;

describe("GET /api/profile/", () => {
  it("answers the §3 Profile fields with their defaults", async () => {
    const { id, email, client } = await confirmedUser();
    const response = await client.get("/api/profile/");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      email,
      sector: "unknown",
      business_summary: "",
      bank_account: null,
      addfiles: [],
      has_usable_password: true,
      can_edit_bank_account: true,
      has_entry_permission_when_delayed: true,
    });
    for (const who of ["office", "owner"]) {
      for (const part of ["phone", "zipcode", "prefecture", "city", "building_number"]) {
        expect(response.body).toHaveProperty(`${who}_${part}`, "");
      }
    }
  });

  it("needs a login", async () => {
    expect((await upstream.client().get("/api/profile/")).status).toBe(403);
  });
});

describe("§6 a brand without individuals", () => {
  it("refuses 個人事業主 on every profile call that takes it, and saves nothing of the call", async () => {
    const email = `midori-profile-${process.pid}@example.co.jp`;
    const id = await insertUser(upstream.db, {
      email,
      service_id: "midori",
      identity_confirmation: 3,
      identity_valid_date: "2099-12-31",
    });
    const client = await logInClient(upstream, email, { serviceId: "midori" });
    for (const path of ["/api/profile/", "/api/profile_without_sector_and_business_summary/"]) {
      const response = await client.patch(path, { corporate_division: "individual", last_name: "山田" });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        corporate_division: [
          "このサービスは法人のお客さまのみご利用いただけます。事業形態は「法人」を選択してください。",
        ],
      });
    }
    expect(userRow(id)).toMatchObject({ corporate_division: "corporate", last_name: "" });
  });

  it("the default brand takes 個人事業主", async () => {
    const { id, client } = await confirmedUser();
    expect((await client.patch("/api/profile/", { corporate_division: "individual" })).status).toBe(200);
    expect(userRow(id).corporate_division).toBe("individual");
  });
});

describe("PATCH /api/profile/ field validation", () => {
  it("normalises full-width digits and dashes in postcodes and telephone numbers", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", {
      office_zipcode: "１００－０００５",
      owner_zipcode: "154-0004",
      office_phone: "０３－６２６８－００００",
      owner_phone: "09012345678",
      office_prefecture: "東京都",
      office_city: "  千代田区丸の内 ",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      office_zipcode: "1000005",
      owner_zipcode: "1540004",
      office_phone: "03-6268-0000",
      owner_phone: "09012345678",
      office_prefecture: "東京都",
      office_city: "千代田区丸の内",
    });
  });

  it("lists every malformed field at once, in Japanese, and writes nothing", async () => {
    const { id, client } = await confirmedUser({ company_name: "株式会社まえ" });
    const before = userRow(id);
    const response = await client.patch("/api/profile/", {
      company_name: "株式会社あと",
      office_zipcode: "123-45678",
      owner_zipcode: "abc",
      office_phone: "1234",
      owner_phone: "03-1234-56789-0",
      office_prefecture: "東京",
      sector: "bakery",
      business_summary: "あ".repeat(1001),
      corporate_division: "partnership",
      identity_document_type: "library_card",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      office_zipcode: ["郵便番号は7桁の数字で入力してください（例: 100-0005）。"],
      owner_zipcode: ["郵便番号は7桁の数字で入力してください（例: 100-0005）。"],
      office_phone: ["電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。"],
      owner_phone: ["電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフン可）。"],
      office_prefecture: ['"東京" は都道府県として正しくありません。'],
      sector: ['"bakery" は有効な選択肢ではありません。'],
      business_summary: ["この項目が 1000 文字より長くならないようにしてください。"],
      corporate_division: ['"partnership" は有効な選択肢ではありません。'],
      identity_document_type: ['"library_card" は有効な選択肢ではありません。'],
    });
    expect(userRow(id)).toEqual(before);
  });

  it("accepts a business summary of exactly 1000 characters and every §3 sector", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", {
      business_summary: "あ".repeat(1000),
      sector: "electricity_gas_heat_supply_and_water",
    });
    expect(response.status).toBe(200);
    expect(response.body.sector).toBe("electricity_gas_heat_supply_and_water");
  });

  it("refuses wrong types with field errors, never a 500", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", {
      first_name: ["太郎"],
      last_name: null,
      office_city: { city: "x" },
      bank_account: "1234567",
      addfiles: "1,2",
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body).sort()).toEqual([
      "addfiles",
      "bank_account",
      "first_name",
      "last_name",
      "office_city",
    ]);
    const array = await client.patch("/api/profile/", [1]);
    expect(array.status).toBe(400);
  });

  it("bumps update_time on a successful PATCH", async () => {
    const { id, client } = await confirmedUser({ update_time: "2020-01-01T00:00:00.000+09:00" });
    const response = await client.patch("/api/profile/", { first_name: "次郎" });
    expect(response.status).toBe(200);
    expect(userRow(id).update_time > "2020-01-01T00:00:00.000+09:00").toBe(true);
    expect(userRow(id).first_name).toBe("次郎");
  });
});

describe("PATCH /api/profile/ bank account", () => {
  const account = {
    bank_name: "みずほ銀行",
    branch_name: "丸の内支店",
    deposit_type: "checking",
    bank_account_number: "0123456",
    account_holder_name: "カ）ヤマダシヨウカイ",
  };

  it("stores a valid bank account", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", { bank_account: account });
    expect(response.status).toBe(200);
    expect(response.body.bank_account).toEqual(account);
  });

  it("converts a holder name typed in half-width kana to the full-width form §5 accepts", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", {
      bank_account: { ...account, account_holder_name: "ｶ)ﾔﾏﾀﾞｼﾖｳｶｲ" },
    });
    expect(response.status).toBe(200);
    expect(response.body.bank_account.account_holder_name).toBe("カ）ヤマダシヨウカイ");
  });

  it("§5: checks the account number and the holder name with the spec's messages", async () => {
    const { client } = await confirmedUser();
    const response = await client.patch("/api/profile/", {
      bank_account: {
        ...account,
        deposit_type: "current",
        bank_account_number: "123456",
        account_holder_name: "ヲカダ",
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      bank_account: {
        deposit_type: ['"current" は有効な選択肢ではありません。'],
        bank_account_number: ["7桁の半角数字で入力してください"],
        account_holder_name: [
          "ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください",
        ],
      },
    });
    const onlyMarks = await client.patch("/api/profile/", {
      bank_account: { ...account, account_holder_name: "（）ー" },
    });
    expect(onlyMarks.body.bank_account).toHaveProperty("account_holder_name");
    const tooLong = await client.patch("/api/profile/", {
      bank_account: { ...account, account_holder_name: "ア".repeat(31) },
    });
    expect(tooLong.body.bank_account).toHaveProperty("account_holder_name");
  });

  it("§6: refuses a changed bank account when can_edit_bank_account is false, accepts it sent back unchanged", async () => {
    const stored = { ...account, deposit_type: "ordinary" };
    const { client } = await confirmedUser({
      can_edit_bank_account: 0,
      bank_account: JSON.stringify(stored),
    });
    const changed = await client.patch("/api/profile/", {
      bank_account: { ...stored, bank_account_number: "7654321" },
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({
      bank_account: ["口座情報は変更できません。お手数ですがお問い合わせください。"],
    });
    const echoed = await client.patch("/api/profile/", { bank_account: stored, first_name: "三郎" });
    expect(echoed.status).toBe(200);
    expect(echoed.body.bank_account).toEqual(stored);
  });
});

describe("§5 the profile can be updated only if identity resubmission is not required or identity files are present", () => {
  it.each([
    ["nothing", 4],
    ["inadequate", 2],
    ["expired", 5],
  ])("refuses an update without identity files when the identity is %s", async (_label, status) => {
    const { id, client } = await userWithClient(upstream, { identity_confirmation: status });
    const response = await client.patch("/api/profile/", { first_name: "太郎" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(IDENTITY_REQUIRED);
    expect(userRow(id).first_name).toBe("");
  });

  it("accepts the update with a front and back in addfiles and sets the review to confirming", async () => {
    const { id, client } = await userWithClient(upstream, {
      identity_confirmation: 5,
      identity_valid_date: "2020-01-01",
    });
    const front = insertIdentityUpload(upstream.db, id, "front");
    const onlyFront = await client.patch("/api/profile/", { first_name: "太郎", addfiles: [front] });
    expect(onlyFront.status).toBe(400);
    expect(onlyFront.body).toEqual({
      addfiles: ["本人確認書類は表面と裏面の両方をアップロードしてください。"],
    });
    expect(userRow(id).identity_confirmation).toBe(5);
    const back = insertIdentityUpload(upstream.db, id, "back");

    // The app sends the upload objects it read, minus image, type and url (§7).
    const response = await client.patch("/api/profile/", {
      first_name: "太郎",
      identity_document_type: "drivingLicence",
      addfiles: [front, { id: back, kind: "identity", name: "back.png", side: "back" }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      first_name: "太郎",
      identity_confirmation: 1,
      identity_valid_date: null,
      identity_document_type: "drivingLicence",
    });
    expect(response.body.addfiles.map((file: { id: number }) => file.id)).toEqual([front, back]);
  });

  it("accepts マイナンバーカード with its front alone, and refuses its back (it carries the 個人番号)", async () => {
    const { id, client } = await userWithClient(upstream, { identity_confirmation: 4 });
    const front = insertIdentityUpload(upstream.db, id, "front");
    const back = insertIdentityUpload(upstream.db, id, "back");
    const withBack = await client.patch("/api/profile_name_and_identity/", {
      identity_document_type: "individualNumber",
      addfiles: [front, back],
    });
    expect(withBack.status).toBe(400);
    expect(withBack.body).toEqual({
      addfiles: [
        "マイナンバーカードの裏面はお受けできません。裏面には個人番号（マイナンバー）が記載されているため、表面だけをご提出ください。",
      ],
    });
    expect(userRow(id).identity_confirmation).toBe(4);

    const frontOnly = await client.patch("/api/profile_name_and_identity/", {
      identity_document_type: "individualNumber",
      addfiles: [front],
    });
    expect(frontOnly.status).toBe(200);
    expect(frontOnly.body).toMatchObject({
      identity_confirmation: 1,
      identity_document_type: "individualNumber",
    });
    // The back uploaded earlier is never submitted for review with the card.
    const submitted = upstream.db
      .prepare("SELECT upload_id FROM identity_submission_files WHERE user_id = ?")
      .all(id)
      .map((row) => (row as { upload_id: number }).upload_id);
    expect(submitted).toEqual([front]);
  });

  it("still asks a driving licence for both sides", async () => {
    const { id, client } = await userWithClient(upstream, { identity_confirmation: 4 });
    const front = insertIdentityUpload(upstream.db, id, "front");
    const response = await client.patch("/api/profile_name_and_identity/", {
      identity_document_type: "drivingLicence",
      addfiles: [front],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      addfiles: ["本人確認書類は表面と裏面の両方をアップロードしてください。"],
    });
  });

  it("counts a front and back uploaded since the last review even when addfiles is left out", async () => {
    const { id, client } = await userWithClient(upstream, { identity_confirmation: 2 });
    insertIdentityUpload(upstream.db, id, "front");
    insertIdentityUpload(upstream.db, id, "back");
    const response = await client.patch("/api/profile_without_sector_and_business_summary/", {
      last_name: "山田",
    });
    expect(response.status).toBe(200);
    expect(response.body.identity_confirmation).toBe(1);
  });

  it("does not count files already reviewed: an inadequate identity needs new ones", async () => {
    const { id, client } = await userWithClient(upstream);
    const front = insertIdentityUpload(upstream.db, id, "front");
    const back = insertIdentityUpload(upstream.db, id, "back");
    expect((await client.patch("/api/profile/", { addfiles: [front, back] })).status).toBe(200);
    // The operator finds them inadequate (§4: 2).
    upstream.db.prepare("UPDATE users SET identity_confirmation = 2 WHERE id = ?").run(id);
    const resent = await client.patch("/api/profile/", { first_name: "太郎", addfiles: [front, back] });
    expect(resent.status).toBe(400);
    expect(resent.body).toEqual(IDENTITY_REQUIRED);
  });

  it("leaves a confirmed identity alone when the same files are sent back, and re-opens it for new ones", async () => {
    const { id, client } = await confirmedUser();
    const front = insertIdentityUpload(upstream.db, id, "front");
    const back = insertIdentityUpload(upstream.db, id, "back");
    upstream.db
      .prepare(
        "INSERT INTO identity_submission_files (upload_id, user_id, submitted_at) VALUES (?, ?, ?), (?, ?, ?)",
      )
      .run(front, id, isoJst(new Date()), back, id, isoJst(new Date()));
    const same = await client.patch("/api/profile/", { first_name: "太郎", addfiles: [front, back] });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ identity_confirmation: 3, identity_valid_date: "2099-12-31" });

    const newFront = insertIdentityUpload(upstream.db, id, "front");
    const newBack = insertIdentityUpload(upstream.db, id, "back");
    const renewed = await client.patch("/api/profile_name_and_identity/", { addfiles: [newFront, newBack] });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ identity_confirmation: 1, identity_valid_date: null });
  });

  it("refuses another user's upload (as nonexistent) and uploads of other kinds", async () => {
    const owner = await insertUser(upstream.db);
    const foreign = insertIdentityUpload(upstream.db, owner, "front");
    const { id, client } = await confirmedUser();
    const invoice = insertIdentityUpload(upstream.db, id, "front", "invoice-1");
    const stolen = await client.patch("/api/profile/", { addfiles: [foreign] });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ addfiles: [`無効な主キー "${foreign}" - オブジェクトは存在しません。`] });
    const wrongKind = await client.patch("/api/profile/", { addfiles: [invoice] });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({ addfiles: [`ファイル ${invoice} は本人確認書類ではありません。`] });
    const garbage = await client.patch("/api/profile/", { addfiles: ["1; DROP TABLE users", -3, null] });
    expect(garbage.status).toBe(400);
  });
});

describe("the narrower PATCH variants of §7", () => {
  it("profile_without_sector_and_business_summary ignores sector and business_summary", async () => {
    const { client } = await confirmedUser({ sector: "construction", business_summary: "建設業" });
    const response = await client.patch("/api/profile_without_sector_and_business_summary/", {
      company_name: "株式会社テスト",
      sector: "bakery",
      business_summary: "変更",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      company_name: "株式会社テスト",
      sector: "construction",
      business_summary: "建設業",
    });
  });

  it("profile_name_and_identity changes only the name and identity fields", async () => {
    const { client } = await confirmedUser({ office_city: "港区" });
    const response = await client.patch("/api/profile_name_and_identity/", {
      first_name: "一郎",
      last_name: "鈴木",
      identity_document_type: "passport",
      office_city: "新宿区",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      first_name: "一郎",
      last_name: "鈴木",
      identity_document_type: "passport",
      office_city: "港区",
    });
  });

  it("a complete profile satisfies has_satisfied_profile on the me call", async () => {
    const { client } = await confirmedUser({ corporate_division: "individual" });
    const response = await client.patch("/api/profile_without_sector_and_business_summary/", {
      first_name: "太郎",
      last_name: "山田",
      office_phone: "03-1234-5678",
      office_zipcode: "1000005",
      office_prefecture: "東京都",
      office_city: "千代田区",
      office_building_number: "1-1",
      owner_phone: "090-1234-5678",
      owner_zipcode: "1540004",
      owner_prefecture: "東京都",
      owner_city: "世田谷区",
      owner_building_number: "2-2",
    });
    expect(response.status).toBe(200);
    expect((await client.post("/api/me/")).body.has_satisfied_profile).toBe(true);
  });
});

describe("settings", () => {
  it("GET /api/system_settings/supress_entries/ answers {method, segment, message}, also anonymously", async () => {
    const defaults = await upstream.client().get("/api/system_settings/supress_entries/");
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual({ method: "none", segment: "", message: "" });
    const setting = {
      method: "stop-new-entry",
      segment: "general",
      message: "只今、新規のお申し込みを停止しています。",
    };
    upstream.db
      .prepare("UPDATE system_settings SET value = ? WHERE key = 'supress_entries'")
      .run(JSON.stringify(setting));
    try {
      expect((await upstream.client().get("/api/system_settings/supress_entries/")).body).toEqual(setting);
    } finally {
      upstream.db
        .prepare("UPDATE system_settings SET value = ? WHERE key = 'supress_entries'")
        .run('{"method":"none","segment":"","message":""}');
    }
  });

  it("GET /api/entry_permission/ reports delay claims and the two permissions", async () => {
    const { id, client } = await confirmedUser({
      has_entry_permission_when_delayed: 0,
      can_edit_bank_account: 0,
    });
    const before = await client.get("/api/entry_permission/");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      has_delay_claim: false,
      has_entry_permission_when_delayed: false,
      can_edit_bank_account: false,
    });
    const stamp = isoJst(new Date());
    const { lastInsertRowid: entryId } = upstream.db
      .prepare(
        `INSERT INTO entries (user_id, code, status, purchase_amount_desired, purpose, created_at, updated_at)
         VALUES (?, ?, 5, '1000000', '運転資金', ?, ?)`,
      )
      .run(id, `E-DELAY-${id}`, stamp, stamp);
    upstream.db
      .prepare(
        `INSERT INTO claims (entry_id, position, code, status, obliger_company_name, amount,
           scheduled_deposit_amount_from_obliger, obliger_payment_date, created_at, updated_at)
         VALUES (?, 1, ?, 7, '株式会社売掛先', 1100000, 1100000, '2026-12-31', ?, ?)`,
      )
      .run(entryId, `C-DELAY-${id}`, stamp, stamp);
    expect((await client.get("/api/entry_permission/")).body.has_delay_claim).toBe(true);
    expect((await upstream.client().get("/api/entry_permission/")).status).toBe(403);
  });
});

describe("pre-entry screening (contract addition)", () => {
  const answers = {
    corporate_division: "corporate",
    years_in_business: 3,
    annual_sales: 48_000_000,
    has_invoice: true,
    has_tax_delinquency: false,
  };

  it("accepts, then declines on tax arrears; the decline marks the user and stays", async () => {
    const { client } = await confirmedUser();
    expect((await client.get("/api/pre_entry/")).status).toBe(404);

    const accepted = await client.post("/api/pre_entry/", answers);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ id: expect.any(Number), result: "accepted", reasons: [] });
    expect((await client.post("/api/me/")).body.has_pre_entry_declined).toBe(false);

    const declined = await client.post("/api/pre_entry/", {
      ...answers,
      has_tax_delinquency: true,
      has_invoice: false,
    });
    expect(declined.status).toBe(201);
    expect(declined.body.result).toBe("declined");
    expect(declined.body.reasons).toEqual([
      "税金の滞納があるため、お申し込みいただけません。",
      "適格請求書（インボイス）を発行していないため、お申し込みいただけません。",
    ]);
    expect((await client.post("/api/me/")).body.has_pre_entry_declined).toBe(true);

    await client.post("/api/pre_entry/", answers);
    expect((await client.post("/api/me/")).body.has_pre_entry_declined).toBe(true);
    const latest = await client.get("/api/pre_entry/");
    expect(latest.status).toBe(200);
    expect(latest.body.result).toBe("accepted");
  });

  it("§6 a brand without individuals refuses 個人事業主 at its field, records no screening and marks nobody", async () => {
    const email = `midori-pre-entry-${process.pid}@example.co.jp`;
    const id = await insertUser(upstream.db, { email, service_id: "midori" });
    const client = await logInClient(upstream, email, { serviceId: "midori" });
    const response = await client.post("/api/pre_entry/", {
      ...answers,
      corporate_division: "individual",
      has_tax_delinquency: true,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      corporate_division: [
        "このサービスは法人のお客さまのみご利用いただけます。事業形態は「法人」を選択してください。",
      ],
    });
    expect((await client.get("/api/pre_entry/")).status).toBe(404);
    expect(upstream.db.prepare("SELECT has_pre_entry_declined FROM users WHERE id = ?").get(id)).toEqual({
      has_pre_entry_declined: 0,
    });
    expect((await client.post("/api/pre_entry/", answers)).status).toBe(201);
  });

  it("refuses malformed answers with field errors", async () => {
    const { client } = await confirmedUser();
    const response = await client.post("/api/pre_entry/", {
      corporate_division: "corporate",
      years_in_business: -1,
      annual_sales: "たくさん",
      has_invoice: "maybe",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      years_in_business: ["この値は 0 以上にしてください。"],
      annual_sales: ["有効な整数を入力してください。"],
      has_invoice: ["有効な真偽値を入力してください。"],
      has_tax_delinquency: ["この項目は必須です。"],
    });
  });
});
