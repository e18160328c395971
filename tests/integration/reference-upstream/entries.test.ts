import { describe, expect, it } from "vitest";
import { InvoiceStepMessage } from "../../../app/domain/invoice-step";
import { ValidationMessage } from "../../../app/domain/messages";
import { ClaimStatus, EntryStatus } from "../../../app/domain/statuses";
import { EligibilityMessage } from "../../../reference-upstream/entries/eligibility";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { DrfMessage } from "../../../reference-upstream/http/errors";
import { pendingUploads } from "../../../reference-upstream/users";
import {
  type UserClient,
  createEntryVia,
  createUserWithSession,
  entryBodyWithInvoice,
  insertUpload,
  loginAs,
  validClaim,
  validEntryBody,
  reviewClaims,
} from "./entry-fixtures";
import { useTestUpstream, withTestUpstream } from "./harness";

const upstream = useTestUpstream();

const operator = (...argv: string[]) => runOperatorCommand(upstream.db, argv, new Date());
const setEntryStatus = (id: number, status: number) =>
  upstream.db.prepare("UPDATE entries SET status = ? WHERE id = ?").run(status, id);
const countEntries = (userId: number) =>
  (upstream.db.prepare("SELECT COUNT(*) AS n FROM entries WHERE user_id = ?").get(userId) as { n: number }).n;

const ENTRY_KEYS = [
  "id",
  "code",
  "status",
  "account_activity_statement_confirmation_status",
  "financial_statement_confirmation_status",
  "channel_type",
  "purchase_amount_desired",
  "purpose",
  "description_of_inadequate_document",
  "contracted_at",
  "transferred_at",
  "cancelled_at",
  "reviewed_at",
  "rejected_at",
  "transaction_completed_at",
  "created_at",
  "updated_at",
  "user",
  "claims",
  "addfiles",
  "metadata",
  "draft_entry_id",
  "auto_rejection_started_at",
  "contract_period",
  "bank_account",
  "banks",
];

const CLAIM_KEYS = [
  "id",
  "displayId",
  "code",
  "status",
  "invoice_confirmation_status",
  "additional_doc_confirmation_status",
  "obliger_company_name",
  "houjinbangou",
  "houjinbangou_address",
  "amount",
  "scheduled_deposit_amount_from_obliger",
  "purchase_principal_amount",
  "purchase_amount",
  "purchase_ratio",
  "purchase_fee",
  "purchase_fee_ratio",
  "bank_charge",
  "obliger_payment_date",
  "is_fixed_debt",
  "is_bank_transfer_from_obliger",
  "return_date",
  "returned_at",
  "cancelled_at",
  "created_at",
  "updated_at",
  "entry",
  "contentfiles",
  "metadata",
  "includesAdditionalDoc",
  "receive_payment_account",
  "inadequate_reason",
];

/** Posts a body and answers the 400's errors (fails the test on any other status). */
async function errorsOf(client: UserClient, body: unknown) {
  const response = await client.post("/api/entries/", body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  return response.body;
}

describe("POST /api/entries/ (create)", () => {
  it("creates an entry with every field of §3, numeric statuses of §4, and claims at positions 1..n", async () => {
    const client = createUserWithSession(upstream);
    const invoice1 = insertUpload(upstream, client.userId, "invoice-1");
    const extra2 = insertUpload(upstream, client.userId, "additional_doc-2");
    const statement = insertUpload(upstream, client.userId, "pl");
    const response = await client.post(
      "/api/entries/",
      validEntryBody({
        purchase_amount_desired: 2_000_000,
        claims: [validClaim({ contentfiles: [invoice1] }), validClaim({ contentfiles: [extra2] })],
        addfiles: [statement],
        bank_account: {
          bank_name: "みどり銀行",
          branch_name: "本店",
          deposit_type: "checking",
          bank_account_number: "7654321",
          account_holder_name: "ｶ)ﾃｽﾄ",
        },
      }),
    );
    expect(response.status).toBe(201);
    const entry = response.body;
    expect(Object.keys(entry).sort()).toEqual([...ENTRY_KEYS].sort());
    expect(entry.code).toMatch(/^E\d{6}$/);
    expect(entry.status).toBe(EntryStatus.under_review);
    expect(entry.purchase_amount_desired).toBe("2000000");
    expect(entry.user).toBe(client.userId);
    // §4: confirmation statuses start as nothing (4).
    expect(entry.account_activity_statement_confirmation_status).toBe(4);
    expect(entry.financial_statement_confirmation_status).toBe(4);
    expect(entry.bank_account).toEqual({
      bank_name: "みどり銀行",
      branch_name: "本店",
      deposit_type: "checking",
      bank_account_number: "7654321",
      account_holder_name: "カ）テスト",
    });
    expect(entry.addfiles.map((file: { id: number }) => file.id)).toEqual([statement]);
    // Statement accounts: none sent, none kept.
    expect(entry.banks).toEqual([]);
    expect(entry.claims).toHaveLength(2);
    const [first, second] = entry.claims;
    expect(Object.keys(first).sort()).toEqual([...CLAIM_KEYS].sort());
    expect(first.displayId).toBe(1);
    expect(second.displayId).toBe(2);
    expect(first.code).toBe(`${entry.code}-1`);
    expect(first.status).toBe(ClaimStatus.under_review);
    expect(first.invoice_confirmation_status).toBe(4);
    expect(first.additional_doc_confirmation_status).toBe(4);
    expect(first.entry).toBe(entry.id);
    expect(first.is_fixed_debt).toBe(true);
    expect(first.amount).toBe(1_100_000);
    expect(first.contentfiles).toEqual([
      expect.objectContaining({ id: invoice1, kind: "invoice-1", content_type: "application/pdf" }),
    ]);
    expect(first.includesAdditionalDoc).toBe(false);
    expect(second.includesAdditionalDoc).toBe(true);
    // §7 "claims' holder names filled from formatted names": stored formatted.
    expect(first.receive_payment_account).toEqual({
      bank_name: "みどり銀行",
      deposit_type: "ordinary",
      bank_account_number: "1234567",
      obliger_accounts: [{ holder_name: "カ）ウリカケサキ" }],
    });
    // Files attached to the entry are no longer pending.
    expect(pendingUploads(upstream.db, client.userId)).toEqual([]);

    const read = await client.get(`/api/entries/${entry.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(entry);
  });

  it("keeps the statement accounts as typed (a contract addition), the Nth the one whose files end in -N", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const cover = insertUpload(upstream, client.userId, "passbook_cover-1");
    const info = insertUpload(upstream, client.userId, "ib_info-2");
    const banks = [
      { bank_name: "みどり銀行", bank_account_number: "1234567", file_format: "passbook" },
      { bank_name: "あおば信用金庫", bank_account_number: "7654321", file_format: "ib" },
    ];
    const response = await client.post(
      "/api/entries/",
      validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })], addfiles: [cover, info], banks }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.banks).toEqual(banks);
    expect((await client.get(`/api/entries/${response.body.id}/`)).body.banks).toEqual(banks);
  });

  it("keeps each statement account's files when sent, and refuses a file that is not among the entry's", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const cover = insertUpload(upstream, client.userId, "passbook_cover-2");
    const info = insertUpload(upstream, client.userId, "ib_info-2");
    const banks = [
      {
        bank_name: "みどり銀行",
        bank_account_number: "1234567",
        file_format: "passbook",
        contentfiles: [cover],
      },
      {
        bank_name: "あおば信用金庫",
        bank_account_number: "7654321",
        file_format: "ib",
        contentfiles: [info],
      },
    ];
    const body = (accounts: unknown, addfiles = [cover, info]) =>
      validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })], addfiles, banks: accounts });
    expect(await errorsOf(client, body(banks, [cover]))).toEqual({
      banks: [{}, { contentfiles: [`無効な主キー "${info}" - オブジェクトは存在しません。`] }],
    });
    expect(countEntries(client.userId)).toBe(0);
    const response = await client.post("/api/entries/", body(banks));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await client.get(`/api/entries/${response.body.id}/`)).body.banks).toEqual(banks);
  });

  it("refuses statement accounts of the wrong shape at their field (400), writing nothing", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const post = (banks: unknown) =>
      errorsOf(client, validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })], banks }));
    expect(await post({ bank_name: "みどり銀行" })).toEqual({
      banks: ['アイテムのリストが期待されていましたが "dict" 型を受け取りました。'],
    });
    expect(await post(Array.from({ length: 11 }, () => ({})))).toEqual({
      banks: ["この項目には 10 個より多くの要素を含めないでください。"],
    });
    expect(await post([{ bank_name: "みどり銀行", file_format: "pdf" }, "口座"])).toEqual({
      banks: [
        { file_format: ['"pdf" は有効な選択肢ではありません。'] },
        { non_field_errors: [expect.stringContaining("str")] },
      ],
    });
    expect(countEntries(client.userId)).toBe(0);
  });

  it("defaults deposit_type to ordinary (§9) and accepts a claim without optional fields", async () => {
    const client = createUserWithSession(upstream);
    const claim = validClaim();
    delete claim.houjinbangou;
    delete claim.houjinbangou_address;
    delete claim.is_fixed_debt;
    delete (claim.receive_payment_account as Record<string, unknown>).deposit_type;
    const entry = await createEntryVia(client, validEntryBody({ claims: [claim] }));
    expect(entry.claims[0].receive_payment_account.deposit_type).toBe("ordinary");
    expect(entry.claims[0].houjinbangou).toBe("");
    expect(entry.claims[0].is_fixed_debt).toBeNull();
  });

  it("lists only the user's own entries, newest first", async () => {
    const client = createUserWithSession(upstream);
    const other = createUserWithSession(upstream);
    const first = await createEntryVia(client);
    await client.post(`/api/entries/${first.id}/cancel/`);
    const second = await createEntryVia(client);
    await createEntryVia(other);
    const response = await client.get("/api/entries/");
    expect(response.status).toBe(200);
    expect(response.body.map((entry: { id: number }) => entry.id)).toEqual([second.id, first.id]);
  });

  it("answers 403 without a session and 403 without the CSRF header", async () => {
    expect((await upstream.client().get("/api/entries/")).status).toBe(403);
    expect((await upstream.client().post("/api/entries/", validEntryBody())).status).toBe(403);
    const client = createUserWithSession(upstream);
    const response = await client.post("/api/entries/", validEntryBody(), { csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.detail).toMatch(/^CSRF Failed/);
    expect(countEntries(client.userId)).toBe(0);
  });
});

describe("§5 Submit rules, with the messages verbatim", () => {
  it("purchase_amount_desired required", async () => {
    const client = createUserWithSession(upstream);
    const body = validEntryBody();
    delete body.purchase_amount_desired;
    expect(await errorsOf(client, body)).toEqual({ purchase_amount_desired: [DrfMessage.required] });
    expect(await errorsOf(client, validEntryBody({ purchase_amount_desired: "" }))).toEqual({
      purchase_amount_desired: [ValidationMessage.blank],
    });
    expect(await errorsOf(client, validEntryBody({ purchase_amount_desired: "0" }))).toEqual({
      purchase_amount_desired: [DrfMessage.minValue(1)],
    });
  });

  it("purpose required (message 入力してください。)", async () => {
    const client = createUserWithSession(upstream);
    const body = validEntryBody();
    delete body.purpose;
    expect(await errorsOf(client, body)).toEqual({ purpose: ["入力してください。"] });
    expect(await errorsOf(client, validEntryBody({ purpose: "  " }))).toEqual({
      purpose: ["入力してください。"],
    });
  });

  it("§5 at least one successfully uploaded invoice file for the entry, not one per claim", async () => {
    const client = createUserWithSession(upstream);
    const extra = insertUpload(upstream, client.userId, "additional_doc-1");
    const entriesOfClient = () =>
      upstream.db.prepare("SELECT COUNT(*) AS n FROM entries WHERE user_id = ?").get(client.userId);
    // Files, but no invoice among them: the words the invoice step gives, and nothing is created.
    expect(
      await errorsOf(
        client,
        validEntryBody({ claims: [validClaim({ contentfiles: [extra] }), validClaim()] }),
      ),
    ).toEqual({ non_field_errors: [InvoiceStepMessage.noInvoiceFile] });
    expect(await errorsOf(client, validEntryBody({}, 2))).toEqual({
      non_field_errors: [InvoiceStepMessage.noInvoiceFile],
    });
    expect(entriesOfClient()).toEqual({ n: 0 });
    // One invoice file, in the second claim: both claims are created.
    const invoice = insertUpload(upstream, client.userId, "invoice-2");
    const response = await client.post(
      "/api/entries/",
      validEntryBody({
        claims: [validClaim({ contentfiles: [extra] }), validClaim({ contentfiles: [invoice] })],
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.claims).toHaveLength(2);
  });

  it("at least one claim required, else 請求書がありません。", async () => {
    const client = createUserWithSession(upstream);
    expect(await errorsOf(client, validEntryBody({ claims: [] }))).toEqual({
      claims: ["請求書がありません。"],
    });
    const body = validEntryBody();
    delete body.claims;
    expect(await errorsOf(client, body)).toEqual({ claims: ["請求書がありません。"] });
  });

  it("each claim requires obliger_company_name, amount, scheduled_deposit_amount_from_obliger, obliger_payment_date", async () => {
    const client = createUserWithSession(upstream);
    const missing = validClaim();
    for (const key of [
      "obliger_company_name",
      "amount",
      "scheduled_deposit_amount_from_obliger",
      "obliger_payment_date",
    ]) {
      delete missing[key];
    }
    const blank = validClaim({
      obliger_company_name: "",
      amount: "",
      scheduled_deposit_amount_from_obliger: " ",
      obliger_payment_date: "",
    });
    const errors = await errorsOf(client, validEntryBody({ claims: [validClaim(), missing, blank] }));
    expect(errors).toEqual({
      claims: [
        {},
        {
          obliger_company_name: [DrfMessage.required],
          amount: [DrfMessage.required],
          scheduled_deposit_amount_from_obliger: [DrfMessage.required],
          obliger_payment_date: [DrfMessage.required],
        },
        {
          obliger_company_name: ["この項目は空にできません"],
          amount: ["この項目は空にできません"],
          scheduled_deposit_amount_from_obliger: ["この項目は空にできません"],
          obliger_payment_date: ["この項目は空にできません"],
        },
      ],
    });
  });

  it("first submit: scheduled deposit must not exceed invoice amount", async () => {
    const client = createUserWithSession(upstream);
    const errors = await errorsOf(
      client,
      validEntryBody({ claims: [validClaim({ amount: 100, scheduled_deposit_amount_from_obliger: 101 })] }),
    );
    expect(errors).toEqual({
      claims: [
        {
          scheduled_deposit_amount_from_obliger: [
            "「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください",
          ],
        },
      ],
    });
    // Equal is allowed.
    await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ amount: 100, scheduled_deposit_amount_from_obliger: 100 })] }),
    );
  });

  it("first submit: bank_name required, account number 7 digits, deposit_type valid (普通か当座を選択してください。), holder names pass the format check", async () => {
    const client = createUserWithSession(upstream);
    const claim = validClaim({
      receive_payment_account: {
        bank_name: "",
        deposit_type: "checking",
        bank_account_number: "123456",
        obliger_accounts: [
          { holder_name: "ヤマダ" },
          { holder_name: "ヲカダ" },
          { holder_name: "ア".repeat(31) },
        ],
      },
    });
    expect(await errorsOf(client, validEntryBody({ claims: [claim] }))).toEqual({
      claims: [
        {
          receive_payment_account: {
            bank_name: ["この項目は空にできません"],
            deposit_type: ["普通か当座を選択してください。"],
            bank_account_number: ["7桁の半角数字で入力してください"],
            obliger_accounts: [
              {},
              { holder_name: [ValidationMessage.accountHolderName] },
              { holder_name: [ValidationMessage.accountHolderName] },
            ],
          },
        },
      ],
    });
    const withoutAccount = validClaim();
    delete withoutAccount.receive_payment_account;
    expect(await errorsOf(client, validEntryBody({ claims: [withoutAccount] }))).toEqual({
      claims: [{ receive_payment_account: [DrfMessage.required] }],
    });
  });

  it("Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。", async () => {
    const client = createUserWithSession(upstream);
    expect(await errorsOf(client, validEntryBody({}, 6))).toEqual({
      non_field_errors: ["申し込みに登録できる請求書は5個までです。"],
    });
    expect(countEntries(client.userId)).toBe(0);
    const five = await createEntryVia(client, validEntryBody({}, 5));
    expect(five.claims.map((claim: { displayId: number }) => claim.displayId)).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a corporate number whose check digit is wrong", async () => {
    const client = createUserWithSession(upstream);
    const errors = await errorsOf(
      client,
      validEntryBody({ claims: [validClaim({ houjinbangou: "1123456789012" })] }),
    );
    expect(errors.claims[0].houjinbangou).toHaveLength(1);
  });
});

describe("bad input answers 400, never 500, and writes nothing", () => {
  const cases: [string, unknown][] = [
    ["a list body", [validEntryBody()]],
    ["a string body", "entry"],
    ["claims as an object", validEntryBody({ claims: { 0: validClaim() } })],
    ["a claim as a string", validEntryBody({ claims: ["claim"] })],
    ["amount as a boolean", validEntryBody({ claims: [validClaim({ amount: true })] })],
    ["amount as a fraction", validEntryBody({ claims: [validClaim({ amount: 10.5 })] })],
    ["amount negative", validEntryBody({ claims: [validClaim({ amount: -1 })] })],
    ["amount too large", validEntryBody({ claims: [validClaim({ amount: 1e13 })] })],
    ["is_fixed_debt as a string", validEntryBody({ claims: [validClaim({ is_fixed_debt: "true" })] })],
    [
      "a date that does not exist",
      validEntryBody({ claims: [validClaim({ obliger_payment_date: "2026-02-30" })] }),
    ],
    [
      "a date in another format",
      validEntryBody({ claims: [validClaim({ obliger_payment_date: "2026/12/31" })] }),
    ],
    [
      "obliger_company_name as a number",
      validEntryBody({ claims: [validClaim({ obliger_company_name: 5 })] }),
    ],
    ["contentfiles as an object", validEntryBody({ claims: [validClaim({ contentfiles: { id: 1 } })] })],
    ["contentfiles with a word", validEntryBody({ claims: [validClaim({ contentfiles: ["abc"] })] })],
    ["an unknown upload id", validEntryBody({ claims: [validClaim({ contentfiles: [999_999] })] })],
    [
      "receive_payment_account as a list",
      validEntryBody({ claims: [validClaim({ receive_payment_account: [] })] }),
    ],
    [
      "obliger_accounts as a string",
      validEntryBody({
        claims: [
          validClaim({
            receive_payment_account: {
              ...(validClaim().receive_payment_account as object),
              obliger_accounts: "x",
            },
          }),
        ],
      }),
    ],
    ["purchase_amount_desired as an object", validEntryBody({ purchase_amount_desired: {} })],
    ["purchase_amount_desired with decimals", validEntryBody({ purchase_amount_desired: "1000.5" })],
    ["purchase_amount_desired as text", validEntryBody({ purchase_amount_desired: "百万" })],
    ["purpose too long", validEntryBody({ purpose: "あ".repeat(1001) })],
    ["addfiles as a number", validEntryBody({ addfiles: 3 })],
    ["bank_account as a number", validEntryBody({ bank_account: 5 })],
    [
      "bank_account with a wrong deposit type",
      validEntryBody({
        bank_account: {
          bank_name: "a",
          branch_name: "b",
          deposit_type: "current",
          bank_account_number: "1234567",
          account_holder_name: "ア",
        },
      }),
    ],
    ["idempotency_key as a number", validEntryBody({ idempotency_key: 5 })],
    ["idempotency_key too long", validEntryBody({ idempotency_key: "k".repeat(65) })],
  ];

  it.each(cases)("%s", async (_name, body) => {
    const client = createUserWithSession(upstream);
    const response = await client.post("/api/entries/", body);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(countEntries(client.userId)).toBe(0);
  });

  it("malformed JSON answers 400 with a detail", async () => {
    const client = createUserWithSession(upstream);
    const response = await client.request("POST", "/api/entries/", {
      raw: { body: '{"purpose": ', contentType: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBeTruthy();
  });

  it("keeps ids in the place they belong: another user's upload, a non-claim file in a claim, one file twice", async () => {
    const client = createUserWithSession(upstream);
    const other = createUserWithSession(upstream);
    const foreign = insertUpload(upstream, other.userId, "invoice-1");
    const statement = insertUpload(upstream, client.userId, "pl");
    const own1 = insertUpload(upstream, client.userId, "invoice-1");
    const movedUp = insertUpload(upstream, client.userId, "invoice-3");
    const identity = insertUpload(upstream, client.userId, "identity");
    const errors = await errorsOf(
      client,
      validEntryBody({
        claims: [
          validClaim({ contentfiles: [foreign] }),
          validClaim({ contentfiles: [statement] }),
          // A claim's files keep their upload slot's number when an earlier claim is removed.
          validClaim({ contentfiles: [own1, movedUp] }),
        ],
        addfiles: [identity],
      }),
    );
    expect(errors.claims[0].contentfiles).toEqual([
      `無効な主キー "${foreign}" - オブジェクトは存在しません。`,
    ]);
    expect(errors.claims[1].contentfiles[0]).toContain("(pl)");
    expect(errors.claims[2]).toEqual({});
    expect(errors.addfiles).toHaveLength(1);

    const twice = await errorsOf(
      client,
      validEntryBody({ claims: [validClaim({ contentfiles: [own1, own1] })] }),
    );
    expect(twice.claims[0].contentfiles).toHaveLength(1);
    expect(countEntries(client.userId)).toBe(0);
  });

  it("refuses a file that already belongs to another entry", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const first = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })] }),
    );
    await client.post(`/api/entries/${first.id}/cancel/`);
    const errors = await errorsOf(
      client,
      validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })] }),
    );
    expect(errors.claims[0].contentfiles).toHaveLength(1);
  });
});

describe("§4 a user may create a new entry only if …", () => {
  it("a before-contracted entry (under review, inadequate, reviewed) blocks a second create", async () => {
    const client = createUserWithSession(upstream);
    const first = await createEntryVia(client);
    for (const status of [EntryStatus.under_review, EntryStatus.inadequate, EntryStatus.reviewed]) {
      setEntryStatus(first.id, status);
      const response = await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId));
      expect(response.status).toBe(400);
      expect(response.body.non_field_errors).toEqual([EligibilityMessage.beforeContractedEntry]);
    }
    setEntryStatus(first.id, EntryStatus.contracted);
    expect((await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).status).toBe(
      201,
    );
  });

  it("an inadequate claim blocks, and a delay claim blocks unless has_entry_permission_when_delayed", async () => {
    const client = createUserWithSession(upstream, { has_entry_permission_when_delayed: 0 });
    const first = await createEntryVia(client);
    setEntryStatus(first.id, EntryStatus.transferred);
    const claimId = first.claims[0]!.id;
    upstream.db.prepare("UPDATE claims SET status = ? WHERE id = ?").run(ClaimStatus.inadequate, claimId);
    expect(
      (await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).body
        .non_field_errors,
    ).toEqual([EligibilityMessage.inadequateClaim]);
    upstream.db.prepare("UPDATE claims SET status = ? WHERE id = ?").run(ClaimStatus.delay, claimId);
    expect(
      (await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).body
        .non_field_errors,
    ).toEqual([EligibilityMessage.delayClaim]);
    operator("set-entry-permission", String(client.userId), "true");
    expect((await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).status).toBe(
      201,
    );
  });

  it("stop-new-entry blocks with the setting's message; another segment is not blocked", async () => {
    const client = createUserWithSession(upstream);
    try {
      operator("set-suppression", "stop-new-entry", "--message", "ただいま新規受付を停止しています。");
      const response = await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ non_field_errors: ["ただいま新規受付を停止しています。"] });
      operator("set-suppression", "stop-new-entry");
      expect(
        (await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).body,
      ).toEqual({
        non_field_errors: [EligibilityMessage.entriesStopped],
      });
      operator("set-suppression", "stop-new-entry", "--segment", "vip");
      expect((await client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId))).status).toBe(
        201,
      );
    } finally {
      operator("set-suppression", "none");
    }
  });
});

describe("idempotency and concurrency", () => {
  it("a replayed create with the same idempotency_key answers 200 with the same entry", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const body = validEntryBody({
      idempotency_key: "submit-123",
      claims: [validClaim({ contentfiles: [invoice] })],
    });
    const [first, second] = await Promise.all([
      client.post("/api/entries/", body),
      client.post("/api/entries/", body),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);
    const third = await client.post("/api/entries/", body);
    expect(third.status).toBe(200);
    expect(third.body.id).toBe(first.body.id);
    expect(countEntries(client.userId)).toBe(1);
    // Another user's same key is theirs alone.
    const other = createUserWithSession(upstream);
    const theirs = await other.post(
      "/api/entries/",
      entryBodyWithInvoice(upstream, other.userId, { idempotency_key: "submit-123" }),
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it("the key alone finds the entry it made (the replay is answered before the body is read); an unused key alone makes nothing (400)", async () => {
    const client = createUserWithSession(upstream);
    const made = await client.post(
      "/api/entries/",
      entryBodyWithInvoice(upstream, client.userId, { idempotency_key: "draft-77" }),
    );
    expect(made.status).toBe(201);
    const found = await client.post("/api/entries/", { idempotency_key: "draft-77" });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: made.body.id, code: made.body.code });
    const unused = await client.post("/api/entries/", { idempotency_key: "draft-78" });
    expect(unused.status).toBe(400);
    expect(countEntries(client.userId)).toBe(1);
    // Another user's key is not found by this one.
    const other = createUserWithSession(upstream);
    expect((await other.post("/api/entries/", { idempotency_key: "draft-77" })).status).toBe(400);
  });

  it("20 parallel creations by 20 users give exactly 20 entries", async () => {
    const clients = Array.from({ length: 20 }, () => createUserWithSession(upstream));
    const responses = await Promise.all(
      clients.map((client) =>
        client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId, {}, 2)),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const ids = new Set(responses.map((response) => response.body.id));
    expect(ids.size).toBe(20);
    const userIds = clients.map((client) => client.userId);
    const placeholders = userIds.map(() => "?").join(", ");
    const count = upstream.db
      .prepare(`SELECT COUNT(*) AS n FROM entries WHERE user_id IN (${placeholders})`)
      .get(...userIds) as { n: number };
    expect(count.n).toBe(20);
    const claims = upstream.db
      .prepare(
        `SELECT COUNT(*) AS n FROM claims JOIN entries ON entries.id = claims.entry_id WHERE entries.user_id IN (${placeholders})`,
      )
      .get(...userIds) as { n: number };
    expect(claims.n).toBe(40);
  });

  it("one user's 20 parallel creations give exactly one entry (the others are refused)", async () => {
    const client = createUserWithSession(upstream);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post("/api/entries/", entryBodyWithInvoice(upstream, client.userId)),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 400)).toHaveLength(19);
    expect(countEntries(client.userId)).toBe(1);
  });
});

describe("only the owner can read or change an entry", () => {
  it("another user's entry answers 404 on read, review, contract and cancel, and stays unchanged", async () => {
    const owner = createUserWithSession(upstream);
    const intruder = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const notFound = { detail: DrfMessage.notFound };
    expect(await intruder.get(`/api/entries/${entry.id}/`)).toMatchObject({ status: 404, body: notFound });
    setEntryStatus(entry.id, EntryStatus.inadequate);
    expect(await intruder.post(`/api/entries/${entry.id}/review/`, {})).toMatchObject({
      status: 404,
      body: notFound,
    });
    setEntryStatus(entry.id, EntryStatus.reviewed);
    expect(await intruder.post(`/api/entries/${entry.id}/contract/`, { agreed: true })).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await intruder.post(`/api/entries/${entry.id}/cancel/`)).toMatchObject({
      status: 404,
      body: notFound,
    });
    const after = await owner.get(`/api/entries/${entry.id}/`);
    expect(after.body.status).toBe(EntryStatus.reviewed);
    expect(after.body.cancelled_at).toBeNull();
  });

  it("an unknown id answers 404 and a non-numeric id 404", async () => {
    const client = createUserWithSession(upstream);
    expect((await client.get("/api/entries/999999/")).status).toBe(404);
    expect((await client.get("/api/entries/abc/")).status).toBe(404);
  });
});

describe("POST /api/entries/{id}/cancel/: §4 cancellable only while under_review, inadequate or reviewed", () => {
  const cases: [string, number, number][] = [
    ["under_review", EntryStatus.under_review, 200],
    ["inadequate", EntryStatus.inadequate, 200],
    ["reviewed", EntryStatus.reviewed, 200],
    ["contracted", EntryStatus.contracted, 400],
    ["transferred", EntryStatus.transferred, 400],
    ["archived", EntryStatus.archived, 400],
  ];

  it.each(cases)("%s (%i) answers %i", async (_name, status, expected) => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client, validEntryBody({}, 2));
    setEntryStatus(entry.id, status);
    upstream.db
      .prepare("UPDATE claims SET status = ? WHERE id = ?")
      .run(ClaimStatus.cannot_buy, entry.claims[1]!.id);
    const response = await client.post(`/api/entries/${entry.id}/cancel/`);
    expect(response.status).toBe(expected);
    if (expected === 200) {
      expect(response.body.status).toBe(EntryStatus.archived);
      expect(response.body.cancelled_at).toEqual(expect.any(String));
      expect(response.body.claims[0].status).toBe(ClaimStatus.cancel);
      expect(response.body.claims[0].cancelled_at).toEqual(expect.any(String));
      // A cannot_buy claim keeps the operator's decision.
      expect(response.body.claims[1].status).toBe(ClaimStatus.cannot_buy);
    } else {
      expect(response.body.non_field_errors).toHaveLength(1);
      expect((await client.get(`/api/entries/${entry.id}/`)).body.status).toBe(status);
    }
  });
});

describe("POST /api/entries/{id}/contract/", () => {
  it("is refused before the operator's review, then contracts the can_buy claims once agreed", async () => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client, validEntryBody({}, 2));
    const refused = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toHaveLength(1);

    const [first, second] = entry.claims as { id: number }[];
    reviewClaims(upstream, [first!.id]);
    reviewClaims(upstream, [second!.id], { decision: "cannot_buy" });
    const reviewed = await client.get(`/api/entries/${entry.id}/`);
    expect(reviewed.body.status).toBe(EntryStatus.reviewed);
    expect(reviewed.body.reviewed_at).toEqual(expect.any(String));
    expect(reviewed.body.claims[0]).toMatchObject({
      status: ClaimStatus.can_buy,
      purchase_amount: 900000,
      purchase_fee: 45000,
      purchase_fee_ratio: "0.05",
      purchase_ratio: "0.9",
      bank_charge: 660,
      purchase_principal_amount: 1_000_000,
    });

    const notAgreed = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: false });
    expect(notAgreed.status).toBe(400);
    expect(notAgreed.body).toEqual({ agreed: ["契約内容に同意してください。"] });
    const noBody = await client.post(`/api/entries/${entry.id}/contract/`);
    expect(noBody.status).toBe(400);
    expect(Object.keys(noBody.body)).toEqual(["agreed"]);

    const contracted = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(contracted.status).toBe(200);
    expect(contracted.body.status).toBe(EntryStatus.contracted);
    expect(contracted.body.contracted_at).toEqual(expect.any(String));
    expect(contracted.body.claims.map((claim: { status: number }) => claim.status)).toEqual([
      ClaimStatus.contracted,
      ClaimStatus.cannot_buy,
    ]);
    const again = await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true });
    expect(again.status).toBe(400);
  });
});

describe("POST /api/entries/{id}/review/ (resubmission after inadequate)", () => {
  it("§5 at least one invoice file: a resubmission may not take away the entry's last one", async () => {
    const client = createUserWithSession(upstream);
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    const entry = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })] }),
    );
    const claimId = String(entry.claims[0].id);
    reviewClaims(upstream, [claimId], { decision: "inadequate", reason: "請求書の日付が読めません" });
    const extra = insertUpload(upstream, client.userId, "additional_doc-1");
    const response = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: entry.claims[0].id, contentfiles: [extra] }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ non_field_errors: [InvoiceStepMessage.noInvoiceFile] });
    // Nothing changed: still inadequate, the invoice still the claim's.
    const after = (await client.get(`/api/entries/${entry.id}/`)).body;
    expect(after.status).toBe(EntryStatus.inadequate);
    expect(after.claims[0].contentfiles.map((file: { id: number }) => file.id)).toEqual([invoice]);
  });

  it("is refused unless the entry is inadequate", async () => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client);
    const response = await client.post(`/api/entries/${entry.id}/review/`, {});
    expect(response.status).toBe(400);
    expect(response.body.non_field_errors).toHaveLength(1);
  });

  it("replaces the inadequate claim's files, sends it back to review, and skips the bank checks", async () => {
    const client = createUserWithSession(upstream);
    const oldInvoice = insertUpload(upstream, client.userId, "invoice-1");
    const entry = await createEntryVia(
      client,
      validEntryBody({ claims: [validClaim({ contentfiles: [oldInvoice] }), validClaim()] }),
    );
    const [first, second] = entry.claims as { id: number }[];
    reviewClaims(upstream, [first!.id], { decision: "inadequate", reason: "請求書の日付が読めません" });
    // 買取額 800,000円 and 手数料 80,000円 on the claim's 1,000,000円.
    reviewClaims(upstream, [second!.id], {
      decision: "can_buy",
      ratio: "0.8",
      feeRatio: "0.1",
      bankCharge: 0,
    });
    const inadequate = (await client.get(`/api/entries/${entry.id}/`)).body;
    expect(inadequate.status).toBe(EntryStatus.inadequate);
    expect(inadequate.description_of_inadequate_document).toContain("請求書の日付が読めません");
    expect(inadequate.claims[0].inadequate_reason).toBe("請求書の日付が読めません");
    expect(inadequate.claims[0].invoice_confirmation_status).toBe(2);

    const newInvoice = insertUpload(upstream, client.userId, "invoice-1");
    const wrongSlot = insertUpload(upstream, client.userId, "bs");
    const badFiles = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: first!.id, contentfiles: [wrongSlot] }],
    });
    expect(badFiles.status).toBe(400);
    expect(badFiles.body.claims[0].contentfiles).toHaveLength(1);
    const blanked = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: first!.id, amount: "" }],
    });
    expect(blanked.body).toEqual({ claims: [{ amount: ["この項目は空にできません"] }] });
    const unknownClaim = await client.post(`/api/entries/${entry.id}/review/`, { claims: [{ id: 999_999 }] });
    expect(unknownClaim.status).toBe(400);

    // The whole entry posted back (as read) with the new file and an edit; bank data is not re-checked.
    const body = {
      ...inadequate,
      claims: [
        {
          ...inadequate.claims[0],
          contentfiles: [newInvoice],
          amount: 2_000_000,
          scheduled_deposit_amount_from_obliger: 3_000_000,
          receive_payment_account: { bank_name: "", bank_account_number: "x" },
        },
        { ...inadequate.claims[1], amount: 5 },
      ],
    };
    const response = await client.post(`/api/entries/${entry.id}/review/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const resubmitted = response.body;
    expect(resubmitted.status).toBe(EntryStatus.under_review);
    expect(resubmitted.description_of_inadequate_document).toBe("");
    expect(resubmitted.claims[0]).toMatchObject({
      status: ClaimStatus.under_review,
      invoice_confirmation_status: 1,
      inadequate_reason: "",
      amount: 2_000_000,
      scheduled_deposit_amount_from_obliger: 3_000_000,
    });
    expect(resubmitted.claims[0].receive_payment_account.bank_name).toBe("みどり銀行");
    expect(resubmitted.claims[0].contentfiles.map((file: { id: number }) => file.id)).toEqual([newInvoice]);
    // The can_buy claim is read-only here.
    expect(resubmitted.claims[1]).toMatchObject({ status: ClaimStatus.can_buy, amount: 1_100_000 });
    // The replaced file is the user's again (pending), the new one belongs to the entry.
    expect(pendingUploads(upstream.db, client.userId).map((upload) => upload.id)).toContain(oldInvoice);
  });

  it("after inadequate documents, new statements put the entry's document status back to confirming", async () => {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client);
    operator(
      "inadequate-entry",
      String(entry.id),
      "--reason",
      "決算書が不足しています",
      "--document",
      "financial_statements",
    );
    const inadequate = (await client.get(`/api/entries/${entry.id}/`)).body;
    expect(inadequate.status).toBe(EntryStatus.inadequate);
    expect(inadequate.financial_statement_confirmation_status).toBe(2);
    expect(inadequate.description_of_inadequate_document).toBe("決算書が不足しています");
    const pl = insertUpload(upstream, client.userId, "pl");
    const response = await client.post(`/api/entries/${entry.id}/review/`, { addfiles: [pl] });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(EntryStatus.under_review);
    expect(response.body.financial_statement_confirmation_status).toBe(1);
    expect(response.body.addfiles.map((file: { id: number }) => file.id)).toEqual([pl]);
  });

  const resubmittedMails = (userId: number) =>
    (
      upstream.db
        .prepare(
          "SELECT COUNT(*) AS n FROM outbox JOIN users ON users.email = outbox.to_address WHERE users.id = ? AND outbox.kind = 'entry_resubmitted'",
        )
        .get(userId) as { n: number }
    ).n;

  /** An entry whose only claim was found inadequate, and a new invoice for it. */
  async function inadequateWithNewInvoice() {
    const client = createUserWithSession(upstream);
    const entry = await createEntryVia(client);
    reviewClaims(upstream, [entry.claims[0].id], {
      decision: "inadequate",
      reason: "請求書の日付が読めません",
    });
    const invoice = insertUpload(upstream, client.userId, "invoice-1");
    return { client, entry, invoice };
  }

  it("a replayed idempotency_key is answered with the first answer (200, the same body), applied and mailed once", async () => {
    const { client, entry, invoice } = await inadequateWithNewInvoice();
    const key = `review-${entry.id}-first`;
    const first = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: entry.claims[0].id, contentfiles: [invoice], amount: 1_200_000 }],
      idempotency_key: key,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status).toBe(EntryStatus.under_review);

    // The operator finds it inadequate again: the replay still gives the first answer, changes nothing.
    reviewClaims(upstream, [entry.claims[0].id], { decision: "inadequate", reason: "金額をご確認ください" });
    const again = insertUpload(upstream, client.userId, "invoice-1");
    const replay = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: entry.claims[0].id, contentfiles: [again], amount: 1_300_000 }],
      idempotency_key: key,
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // The key alone asks, and is answered the same.
    const asked = await client.post(`/api/entries/${entry.id}/review/`, { idempotency_key: key });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(first.body);
    const now = (await client.get(`/api/entries/${entry.id}/`)).body;
    expect(now.status).toBe(EntryStatus.inadequate);
    expect(now.claims[0].amount).toBe(1_200_000);
    expect(now.claims[0].contentfiles.map((file: { id: number }) => file.id)).toEqual([invoice]);
    expect(resubmittedMails(client.userId)).toBe(1);

    // A new key is a new resubmission of the new finding.
    const second = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: entry.claims[0].id, amount: 1_300_000 }],
      idempotency_key: `review-${entry.id}-second`,
    });
    expect(second.status).toBe(200);
    expect(second.body.claims[0].amount).toBe(1_300_000);
    expect(resubmittedMails(client.userId)).toBe(2);
  });

  it("a key not used on this entry: refused as before while nothing is asked; alone, it never resubmits", async () => {
    const { client, entry, invoice } = await inadequateWithNewInvoice();
    const asked = await client.post(`/api/entries/${entry.id}/review/`, { idempotency_key: "review-unused" });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ idempotency_key: ["このキーで受け付けた再提出はありません。"] });
    expect((await client.get(`/api/entries/${entry.id}/`)).body.status).toBe(EntryStatus.inadequate);

    const sent = await client.post(`/api/entries/${entry.id}/review/`, {
      claims: [{ id: entry.claims[0].id, contentfiles: [invoice] }],
      idempotency_key: "review-a",
    });
    expect(sent.status).toBe(200);
    for (const body of [{ idempotency_key: "review-b" }, { claims: [], idempotency_key: "review-b" }]) {
      const other = await client.post(`/api/entries/${entry.id}/review/`, body);
      expect(other.status).toBe(400);
      expect(other.body).toEqual({ non_field_errors: ["不備のあるお申し込みのみ再提出できます。"] });
    }
    // A key is the entry's own: another entry does not know it.
    const other = await inadequateWithNewInvoice();
    const elsewhere = await other.client.post(`/api/entries/${other.entry.id}/review/`, {
      idempotency_key: "review-a",
    });
    expect(elsewhere.body).toEqual({ idempotency_key: ["このキーで受け付けた再提出はありません。"] });
    const tooLong = await other.client.post(`/api/entries/${other.entry.id}/review/`, {
      claims: [{ id: other.entry.claims[0].id, contentfiles: [other.invoice] }],
      idempotency_key: "k".repeat(65),
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body)).toEqual(["idempotency_key"]);
    expect((await other.client.get(`/api/entries/${other.entry.id}/`)).body.status).toBe(
      EntryStatus.inadequate,
    );
  });
});

describe("data survives a restart", () => {
  it("reads the same entry after a restart on the same data directory", async () => {
    await withTestUpstream({}, async (upstream) => {
      const client = createUserWithSession(upstream);
      const invoice = insertUpload(upstream, client.userId, "invoice-1");
      const entry = await createEntryVia(
        client,
        validEntryBody({ claims: [validClaim({ contentfiles: [invoice] })] }),
      );
      await upstream.restart();
      const again = loginAs(upstream, client.userId);
      const response = await again.get(`/api/entries/${entry.id}/`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(entry);
    });
  });
});
