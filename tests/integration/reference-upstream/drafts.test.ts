import { describe, expect, it } from "vitest";
import { DrfMessage } from "../../../reference-upstream/http/errors";
import {
  createEntryVia,
  createUserWithSession,
  insertUpload,
  loginAs,
  validEntryBody,
} from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const upstream = useTestUpstream();

const EMPTY_DRAFT = {
  id: null,
  purchase_amount_desired: null,
  purpose: null,
  claims: [],
  can_submit_financial_statements: null,
  tax_return_submissions: null,
  includes_sga_expenses: null,
  banks: [],
  bank_account: null,
  updated_at: null,
};

describe("GET /api/draft_entry/ (contract addition)", () => {
  it("answers the empty default with 200, never 404", async () => {
    const client = createUserWithSession(upstream);
    const response = await client.get("/api/draft_entry/");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(EMPTY_DRAFT);
  });

  it("needs a session", async () => {
    expect((await upstream.client().get("/api/draft_entry/")).status).toBe(403);
    expect((await upstream.client().patch("/api/draft_entry/", { purpose: "x" })).status).toBe(403);
  });
});

describe("PATCH /api/draft_entry/: each step saves its own part", () => {
  it("merges the top-level keys given and keeps the others", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const passbook = insertUpload(upstream, client.userId, "passbook_cover-1");
    const invoiceStep = await client.patch("/api/draft_entry/", {
      purchase_amount_desired: "100万",
      purpose: "",
      claims: [
        {
          obliger_company_name: "株式会社売掛先",
          amount: "",
          is_fixed_debt: null,
          receive_payment_account: { bank_name: "みどり", obliger_accounts: [{ holder_name: "ﾔﾏﾀﾞ" }] },
          contentfile_relations: [invoice],
          unknown_key: "dropped",
        },
      ],
    });
    expect(invoiceStep.status).toBe(200);
    expect(invoiceStep.body.id).toEqual(expect.any(Number));
    expect(invoiceStep.body.updated_at).toEqual(expect.any(String));
    const financialStep = await client.patch("/api/draft_entry/", {
      can_submit_financial_statements: true,
      includes_sga_expenses: false,
      tax_return_submissions: "e_tax",
    });
    const withdrawalStep = await client.patch("/api/draft_entry/", {
      banks: [
        {
          bank_name: "みどり銀行",
          bank_account_number: "12",
          file_format: "passbook",
          contentfile_relations: [passbook],
        },
      ],
      bank_account: { bank_name: "みどり銀行", deposit_type: "checking" },
    });
    expect(financialStep.status).toBe(200);
    expect(withdrawalStep.status).toBe(200);
    const draft = (await client.get("/api/draft_entry/")).body;
    expect(draft).toMatchObject({
      purchase_amount_desired: "100万",
      purpose: "",
      can_submit_financial_statements: true,
      includes_sga_expenses: false,
      tax_return_submissions: "e_tax",
      banks: [
        {
          bank_name: "みどり銀行",
          bank_account_number: "12",
          file_format: "passbook",
          contentfile_relations: [passbook],
        },
      ],
      bank_account: { bank_name: "みどり銀行", deposit_type: "checking" },
    });
    expect(draft.claims).toEqual([
      {
        obliger_company_name: "株式会社売掛先",
        amount: "",
        is_fixed_debt: null,
        receive_payment_account: { bank_name: "みどり", obliger_accounts: [{ holder_name: "ﾔﾏﾀﾞ" }] },
        contentfile_relations: [invoice],
      },
    ]);
  });

  it("checks types and sizes, never completeness, and saves nothing of a refused body", async () => {
    const client = createUserWithSession(upstream);
    await client.patch("/api/draft_entry/", { purpose: "before" });
    const cases: [unknown, Record<string, unknown>][] = [
      [{ purpose: "あ".repeat(1001) }, { purpose: [DrfMessage.maxLength(1000)] }],
      [{ purpose: 5 }, { purpose: ["有効な文字列を入力してください。"] }],
      [{ claims: {} }, { claims: [DrfMessage.notAList("dict")] }],
      [{ claims: [{ is_fixed_debt: "yes" }] }, { claims: [{ is_fixed_debt: [DrfMessage.invalidBoolean] }] }],
      [{ claims: [{}, { amount: [] }] }, { claims: [{}, { amount: ["数値か文字列を入力してください。"] }] }],
      [
        { can_submit_financial_statements: "true" },
        { can_submit_financial_statements: [DrfMessage.invalidBoolean] },
      ],
      [{ tax_return_submissions: "paper" }, { tax_return_submissions: [DrfMessage.invalidChoice("paper")] }],
      [{ banks: [{ file_format: "pdf" }] }, { banks: [{ file_format: [DrfMessage.invalidChoice("pdf")] }] }],
      [{ banks: Array.from({ length: 11 }, () => ({})) }, { banks: ["登録できる口座は10個までです。"] }],
      [{ bank_account: "みどり" }, { bank_account: [DrfMessage.notAnObject("str")] }],
    ];
    for (const [body, errors] of cases) {
      const response = await client.patch("/api/draft_entry/", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errors);
    }
    expect((await client.patch("/api/draft_entry/", [1])).status).toBe(400);
    expect((await client.get("/api/draft_entry/")).body.purpose).toBe("before");
  });

  it("refuses a sixth claim with 申し込みに登録できる請求書は5個までです。", async () => {
    const client = createUserWithSession(upstream);
    const response = await client.patch("/api/draft_entry/", {
      claims: Array.from({ length: 6 }, () => ({})),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ non_field_errors: ["申し込みに登録できる請求書は5個までです。"] });
    expect(
      (await client.patch("/api/draft_entry/", { claims: Array.from({ length: 5 }, () => ({})) })).status,
    ).toBe(200);
  });

  it("refuses another user's upload ids", async () => {
    const client = createUserWithSession(upstream);
    const other = createUserWithSession(upstream);
    const foreign = insertUpload(upstream, other.userId, "invoice-1");
    const response = await client.patch("/api/draft_entry/", {
      claims: [{ contentfile_relations: [foreign] }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      claims: [{ contentfile_relations: [`無効な主キー "${foreign}" - オブジェクトは存在しません。`] }],
    });
    const banks = await client.patch("/api/draft_entry/", { banks: [{ contentfile_relations: [foreign] }] });
    expect(banks.status).toBe(400);
  });

  it("leaves out of the answer a file deleted since it was saved", async () => {
    const client = createUserWithSession(upstream);
    const kept = insertUpload(upstream, client.userId, "invoice-1");
    const deleted = insertUpload(upstream, client.userId, "invoice-1");
    await client.patch("/api/draft_entry/", { claims: [{ contentfile_relations: [kept, deleted] }] });
    upstream.db.prepare("DELETE FROM uploads WHERE id = ?").run(deleted);
    expect((await client.get("/api/draft_entry/")).body.claims[0].contentfile_relations).toEqual([kept]);
  });
});

describe("the draft's life", () => {
  it("DELETE answers 204 and the draft reads as the empty default again", async () => {
    const client = createUserWithSession(upstream);
    await client.patch("/api/draft_entry/", { purpose: "運転資金" });
    const response = await client.delete("/api/draft_entry/");
    expect(response.status).toBe(204);
    expect((await client.get("/api/draft_entry/")).body).toEqual(EMPTY_DRAFT);
    expect((await client.delete("/api/draft_entry/")).status).toBe(204);
  });

  it("survives a logout: a new session of the same user reads it; another user does not", async () => {
    const client = createUserWithSession(upstream);
    await client.patch("/api/draft_entry/", { purpose: "設備資金" });
    upstream.db.prepare("DELETE FROM sessions WHERE user_id = ?").run(client.userId);
    expect((await client.get("/api/draft_entry/")).status).toBe(403);
    const again = loginAs(upstream, client.userId);
    expect((await again.get("/api/draft_entry/")).body.purpose).toBe("設備資金");
    const other = createUserWithSession(upstream);
    expect((await other.get("/api/draft_entry/")).body.purpose).toBeNull();
  });

  it("becomes the entry: creating an entry records draft_entry_id and discards the draft", async () => {
    const client = createUserWithSession(upstream);
    const saved = await client.patch("/api/draft_entry/", { purpose: "運転資金" });
    const entry = await createEntryVia(client, validEntryBody());
    expect(entry.draft_entry_id).toBe(saved.body.id);
    expect((await client.get("/api/draft_entry/")).body).toEqual(EMPTY_DRAFT);
  });

  it("is kept when the entry is refused", async () => {
    const client = createUserWithSession(upstream);
    await client.patch("/api/draft_entry/", { purpose: "運転資金" });
    expect((await client.post("/api/entries/", validEntryBody({ claims: [] }))).status).toBe(400);
    expect((await client.get("/api/draft_entry/")).body.purpose).toBe("運転資金");
  });
});
