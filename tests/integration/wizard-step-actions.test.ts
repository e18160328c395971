// The wizard steps' actions called directly, as Remix calls them (the server half proven in
// a second, not a browser run), against the in-process reference upstream. Every step runs the one
// shape of app/forms/wizard-step.server.ts: what was typed is saved in the draft whatever the button
// (the wizard rule), then 戻る, 下書き保存, the step's own buttons or 次へ answer a redirect (PRG), or
// the problems at their fields with a 4xx and the values kept.

import { describe, expect, it } from "vitest";
import { ErrorMessage } from "~/domain/error-messages";
import { ValidationMessage } from "~/domain/messages";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { action as financialAction } from "~/routes/_entry.entry/route";
import { action as invoiceAction } from "~/routes/_entry.entry_.entry_invoice/route";
import { action as withdrawalAction } from "~/routes/_entry.entry_.withdrawal_details/route";
import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { appCookie, failureOf, formPost, locationOf } from "./app-requests";
import { callRoute } from "../fixtures/call-route";
import {
  type UserClient,
  createUserWithSession,
  insertUpload,
  validClaim,
} from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

type Action = typeof invoiceAction;
type Fields = Record<string, string> | [string, string][];

const INVOICE = "/entry/entry_invoice";
const FINANCIAL = "/entry";
const WITHDRAWAL = "/entry/withdrawal_details";

/** A claim as the draft stores it, complete for §5 (the entry fixture's, its files as the draft relates them). */
function draftClaim(invoiceFile: number) {
  const { contentfiles: _entryFiles, ...claim } = validClaim();
  return { ...claim, contentfile_relations: [invoiceFile] };
}

interface Person {
  browser: UserClient;
  post(step: Action, path: string, fields: Fields): Promise<Response>;
  draft(): Promise<Record<string, any>>;
}

/** A corporate user who may apply, with the steps before `step` done in the draft. */
async function personAt(step: "invoice" | "financial" | "withdrawal"): Promise<Person> {
  const browser = createUserWithSession(upstream);
  if (step !== "invoice") {
    const invoice = insertUpload(upstream, browser.userId, "invoice-1");
    const patch: Record<string, unknown> = {
      purchase_amount_desired: 1_000_000,
      purpose: "運転資金",
      claims: [draftClaim(invoice)],
    };
    if (step === "withdrawal") {
      insertUpload(upstream, browser.userId, "tb_pl");
      insertUpload(upstream, browser.userId, "tb_bs");
      patch.can_submit_financial_statements = false;
    }
    expect((await browser.patch("/api/draft_entry/", patch)).status).toBe(200);
  }
  const cookie = await appCookie(browser);
  return {
    browser,
    post: async (stepAction, path, fields) => await callRoute(stepAction, formPost(path, cookie, fields)),
    draft: async () => (await browser.get("/api/draft_entry/")).body as Record<string, any>,
  };
}

/** The invoice step's fields for one claim (the draft's paths), as the page posts them. */
function invoiceFields(intent: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    purchase_amount_desired: "1,000,000",
    purpose: "運転資金",
    "claims[0].obliger_company_name": "株式会社売掛先",
    "claims[0].houjinbangou": "7123456789012",
    "claims[0].houjinbangou_address": "東京都千代田区丸の内1-1",
    "claims[0].amount": "1100000",
    "claims[0].scheduled_deposit_amount_from_obliger": "1000000",
    "claims[0].obliger_payment_date": FUTURE_PAYMENT_DATE,
    "claims[0].is_fixed_debt": "true",
    "claims[0].is_bank_transfer_from_obliger": "true",
    "claims[0].receive_payment_account.bank_name": "みどり銀行",
    "claims[0].receive_payment_account.deposit_type": "ordinary",
    "claims[0].receive_payment_account.bank_account_number": "1234567",
    "claims[0].receive_payment_account.obliger_accounts[0].holder_name": "ｶ)ｳﾘｶｹｻｷ",
    intent,
    ...overrides,
  };
}

describe("the invoice step's action (POST /entry/entry_invoice)", () => {
  it("下書き保存 saves what was typed and comes back with 「保存しました」 (PRG)", async () => {
    const person = await personAt("invoice");
    const response = await person.post(invoiceAction, INVOICE, invoiceFields("save_draft"));
    expect(await locationOf(response)).toBe(`${INVOICE}?saved=1`);
    const draft = await person.draft();
    expect(draft.purchase_amount_desired).toBe(1_000_000);
    expect(draft.claims[0].obliger_company_name).toBe("株式会社売掛先");
  });

  it("下書き保存 with 「abc円」 keeps it in the draft and says §8's message with the field's problem (422)", async () => {
    const person = await personAt("invoice");
    const response = await person.post(
      invoiceAction,
      INVOICE,
      invoiceFields("save_draft", { purchase_amount_desired: "abc円" }),
    );
    expect(response.status).toBe(422);
    const failure = await failureOf(response);
    expect(failure.formErrors).toEqual([ErrorMessage.draftSaveError]);
    expect(Object.keys(failure.fieldErrors)).toContain("purchase_amount_desired");
    expect(failure.values.purchase_amount_desired).toBe("abc円");
    expect((await person.draft()).purchase_amount_desired).toBe("abc円");
  });

  it("次へ without the invoice file saves and answers the step's problems (§5), 422", async () => {
    const person = await personAt("invoice");
    const response = await person.post(invoiceAction, INVOICE, invoiceFields("next"));
    expect(response.status).toBe(422);
    const failure = await failureOf(response);
    expect(failure.fieldErrors["claims[0].invoice"]).toBeTruthy();
    expect((await person.draft()).claims).toHaveLength(1);
  });

  it("次へ with everything in place goes on to the financial step", async () => {
    const person = await personAt("invoice");
    const invoice = insertUpload(upstream, person.browser.userId, "invoice-1");
    await person.browser.patch("/api/draft_entry/", { claims: [draftClaim(invoice)] });
    expect(await locationOf(await person.post(invoiceAction, INVOICE, invoiceFields("next")))).toBe(
      FINANCIAL,
    );
  });

  it("請求書を追加する saves a second claim; a sixth is refused with §5's message, the five kept", async () => {
    const person = await personAt("invoice");
    expect(await locationOf(await person.post(invoiceAction, INVOICE, invoiceFields("add_claim")))).toBe(
      `${INVOICE}#claim-2`,
    );
    expect((await person.draft()).claims).toHaveLength(2);

    const five = invoiceFields("add_claim");
    for (let index = 1; index < 5; index += 1) five[`claims[${index}].obliger_company_name`] = `会社${index}`;
    const response = await person.post(invoiceAction, INVOICE, five);
    expect(response.status).toBe(422);
    expect((await failureOf(response)).formErrors).toEqual([ValidationMessage.tooManyClaims]);
    expect((await person.draft()).claims).toHaveLength(5);
  });

  it("削除 of claim 2 removes it from the draft and deletes its files upstream", async () => {
    const person = await personAt("invoice");
    const kept = insertUpload(upstream, person.browser.userId, "invoice-1");
    const removed = insertUpload(upstream, person.browser.userId, "invoice-2");
    await person.browser.patch("/api/draft_entry/", {
      claims: [draftClaim(kept), { ...draftClaim(removed), obliger_company_name: "消す会社" }],
    });
    const fields = { ...invoiceFields("remove_claim:1"), "claims[1].obliger_company_name": "消す会社" };
    expect(await locationOf(await person.post(invoiceAction, INVOICE, fields))).toBe(`${INVOICE}#claims`);
    const draft = await person.draft();
    expect(draft.claims).toHaveLength(1);
    expect(draft.claims[0].contentfile_relations).toEqual([kept]);
    const uploads = (await person.browser.get("/api/uploads/")).body as { id: number }[];
    expect(uploads.map((upload) => upload.id)).toEqual([kept]);
  });

  it("削除する of a file the page does not list answers §8's delete failure and deletes nothing", async () => {
    const person = await personAt("invoice");
    const stray = insertUpload(upstream, person.browser.userId, "tb_pl");
    const response = await person.post(invoiceAction, INVOICE, { intent: "delete", file_id: String(stray) });
    expect(response.status).toBe(400);
    expect((await failureOf(response)).formErrors).toEqual([ErrorMessage.deleteFailed]);
    expect(((await person.browser.get("/api/uploads/")).body as unknown[]).length).toBe(1);
  });
});

describe("the financial step's action (POST /entry)", () => {
  it("回答を保存 (下書き保存) saves the answers and comes back to the documents", async () => {
    const person = await personAt("financial");
    const response = await person.post(financialAction, FINANCIAL, {
      can_submit_financial_statements: "false",
      intent: "save_draft",
    });
    expect(await locationOf(response)).toBe(`${FINANCIAL}?saved=1#documents`);
    expect((await person.draft()).can_submit_financial_statements).toBe(false);
  });

  it("次へ without the trial balance saves the answer and says which documents are missing (422)", async () => {
    const person = await personAt("financial");
    const response = await person.post(financialAction, FINANCIAL, {
      can_submit_financial_statements: "false",
      intent: "next",
    });
    expect(response.status).toBe(422);
    expect(Object.keys((await failureOf(response)).fieldErrors).sort()).toEqual([
      "upload_tb_bs",
      "upload_tb_pl",
    ]);
    expect((await person.draft()).can_submit_financial_statements).toBe(false);
  });

  it("戻る saves what was answered, then goes to the invoice step", async () => {
    const person = await personAt("financial");
    const response = await person.post(financialAction, FINANCIAL, {
      can_submit_financial_statements: "true",
      intent: "back",
    });
    expect(await locationOf(response)).toBe(INVOICE);
    expect((await person.draft()).can_submit_financial_statements).toBe(true);
  });

  it("a step further on than the draft allows is refused by the guard before anything is saved", async () => {
    const person = await personAt("invoice");
    const thrown = await person
      .post(financialAction, FINANCIAL, { can_submit_financial_statements: "true", intent: "next" })
      .then(
        (response) => response,
        (error: unknown) => error as Response,
      );
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toMatch(/^\/entry\/entry_invoice\?/);
    expect((await person.draft()).can_submit_financial_statements ?? null).toBeNull();
  });
});

describe("the withdrawal step's action (POST /entry/withdrawal_details)", () => {
  const statement = (index: number, name: string): [string, string][] => [
    [`banks[${index}].bank_name`, name],
    [`banks[${index}].bank_account_number`, "７６５－４３２１"],
    [`banks[${index}].file_format`, "passbook"],
  ];
  const payout: [string, string][] = [
    ["bank_account.bank_name", "みどり銀行"],
    ["bank_account.branch_name", "本店"],
    ["bank_account.deposit_type", "ordinary"],
    ["bank_account.bank_account_number", "1234567"],
    ["bank_account.account_holder_name", "ｶ)ﾃｽﾄ"],
  ];

  it("口座を追加する saves what was typed (account numbers normalised) and adds a statement", async () => {
    const person = await personAt("withdrawal");
    const response = await person.post(withdrawalAction, WITHDRAWAL, [
      ...statement(0, "さくら銀行"),
      ...payout,
      ["intent", "add_bank"],
    ]);
    expect(await locationOf(response)).toBe(`${WITHDRAWAL}#bank-2`);
    const draft = await person.draft();
    expect(draft.banks).toHaveLength(2);
    expect(draft.banks[0].bank_account_number).toBe("7654321");
    expect(draft.bank_account.branch_name).toBe("本店");
  });

  it("a statement's 削除 removes it and its files; its 保存 comes back to it", async () => {
    const person = await personAt("withdrawal");
    const cover = insertUpload(upstream, person.browser.userId, "passbook_cover-2");
    await person.browser.patch("/api/draft_entry/", {
      banks: [
        {
          bank_name: "さくら銀行",
          bank_account_number: "",
          file_format: "passbook",
          contentfile_relations: [],
        },
        {
          bank_name: "消す銀行",
          bank_account_number: "",
          file_format: "passbook",
          contentfile_relations: [cover],
        },
      ],
    });
    const typed = [...statement(0, "さくら銀行"), ...statement(1, "消す銀行"), ...payout];
    expect(
      await locationOf(
        await person.post(withdrawalAction, WITHDRAWAL, [...typed, ["intent", "remove_bank:1"]]),
      ),
    ).toBe(`${WITHDRAWAL}#statements`);
    expect((await person.draft()).banks.map((bank: { bank_name: string }) => bank.bank_name)).toEqual([
      "さくら銀行",
    ]);
    expect((await person.browser.get("/api/uploads/")).body).not.toContainEqual(
      expect.objectContaining({ id: cover }),
    );

    const saved = await person.post(withdrawalAction, WITHDRAWAL, [
      ...statement(0, "さくら銀行"),
      ["intent", "save_bank:0"],
    ]);
    expect(await locationOf(saved)).toBe(`${WITHDRAWAL}?saved=1#bank-1`);
  });

  it("次へ without statements' files answers the problems at their fields (422), the typing saved", async () => {
    const person = await personAt("withdrawal");
    const response = await person.post(withdrawalAction, WITHDRAWAL, [
      ...statement(0, "さくら銀行"),
      ...payout,
      ["intent", "next"],
    ]);
    expect(response.status).toBe(422);
    expect((await failureOf(response)).fieldErrors["banks[0].uploads"]).toBeTruthy();
    expect((await person.draft()).banks[0].bank_name).toBe("さくら銀行");
  });

  it("§8 Draft save error: a draft the upstream refuses answers 400 with the message, the values kept", async () => {
    const person = await personAt("withdrawal");
    const tooLong = "銀".repeat(1001);
    const response = await person.post(withdrawalAction, WITHDRAWAL, [
      ...statement(0, tooLong),
      ["intent", "save_draft"],
    ]);
    expect(response.status).toBe(400);
    const failure = await failureOf(response);
    expect(failure.fieldErrors[NON_FIELD_ERRORS] ?? failure.formErrors[0]).toBe(ErrorMessage.draftSaveError);
    expect(failure.values["banks[0].bank_name"]).toBe(tooLong);
  });

  it("戻る saves, then goes to the financial step", async () => {
    const person = await personAt("withdrawal");
    const response = await person.post(withdrawalAction, WITHDRAWAL, [
      ...statement(0, "戻る銀行"),
      ["intent", "back"],
    ]);
    expect(await locationOf(response)).toBe(FINANCIAL);
    expect((await person.draft()).banks[0].bank_name).toBe("戻る銀行");
  });
});
