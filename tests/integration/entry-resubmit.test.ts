// §2 /entry/resubmit/:entryId, called directly against the in-process reference
// upstream: only what is inadequate can change (an inadequate claim's fields and files, an inadequate
// document group's files); §5 "Resubmit skips bank checks"; new files replace the submitted ones of
// their kind; an entry that is not inadequate sends nothing; the detail then shows it under review.

import { describe, expect, it } from "vitest";
import { loader as detailLoader } from "~/routes/_mypage.entry.detail.$entryId/route";
import { action, loader } from "~/routes/_mypage.entry.resubmit.$entryId/route";
import { loader as houjinbangouLoader } from "~/routes/entry.houjinbangou";
import { ResubmissionMessage, omitFileField } from "~/domain/resubmission";
import { ClaimStatus, EntryStatus, ReviewStatus } from "~/domain/statuses";
import { markEntryDocumentsInadequate } from "../../reference-upstream/operator/review";
import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { APP_ORIGIN, appCookie, failureOf, formPost, locationOf } from "./app-requests";
import { callRoute, type RouteFunction } from "../fixtures/call-route";
import {
  createEntryVia,
  createUserWithSession,
  insertUpload,
  validClaim,
  validEntryBody,
  reviewClaims,
} from "./reference-upstream/entry-fixtures";
import { useTestUpstream } from "./reference-upstream/harness";

const upstream = useTestUpstream();

type Route = RouteFunction;

function get(route: Route, path: string, params: Record<string, string>, cookie: string) {
  const request = new Request(`${APP_ORIGIN}${path}`, { headers: { Cookie: cookie } });
  return callRoute(route, request, params);
}

function post(id: string, cookie: string, fields: Record<string, string>) {
  return callRoute(action, formPost(`/entry/resubmit/${id}`, cookie, fields), { entryId: id });
}

/** A typed claim as the page posts it (the invoice step's field paths, at the claim's position). */
function claimFields(index: number, overrides: Record<string, string> = {}): Record<string, string> {
  const at = (field: string) => `claims[${index}].${field}`;
  return {
    [at("obliger_company_name")]: "株式会社売掛先",
    [at("houjinbangou")]: "7123456789012",
    [at("houjinbangou_address")]: "東京都千代田区丸の内1-1",
    [at("amount")]: "1,100,000",
    [at("scheduled_deposit_amount_from_obliger")]: "1,000,000",
    [at("obliger_payment_date")]: FUTURE_PAYMENT_DATE,
    [at("is_fixed_debt")]: "true",
    [at("is_bank_transfer_from_obliger")]: "true",
    ...Object.fromEntries(Object.entries(overrides).map(([field, value]) => [at(field), value])),
  };
}

/** Two claims, each with an invoice file; the second found inadequate (its invoice), the first bought. */
async function inadequateEntry() {
  const owner = createUserWithSession(upstream);
  const first = insertUpload(upstream, owner.userId, "invoice-1");
  const second = insertUpload(upstream, owner.userId, "invoice-2");
  const statement = insertUpload(upstream, owner.userId, "passbook_cover-1");
  const pl = insertUpload(upstream, owner.userId, "pl");
  const entry = await createEntryVia(
    owner,
    validEntryBody({
      claims: [validClaim({ contentfiles: [first] }), validClaim({ contentfiles: [second] })],
      addfiles: [statement, pl],
    }),
  );
  reviewClaims(upstream, [entry.claims[0].id]);
  reviewClaims(upstream, [entry.claims[1].id], {
    decision: "inadequate",
    reason: "請求書の日付が読めません。",
    document: "invoice",
  });
  return {
    owner,
    entry,
    id: String(entry.id),
    cookie: await appCookie(owner),
    files: { first, second, statement, pl },
  };
}

const entryOf = async (owner: Awaited<ReturnType<typeof inadequateEntry>>["owner"], id: string) =>
  (await owner.get(`/api/entries/${id}/`)).body as {
    status: number;
    financial_statement_confirmation_status: number;
    account_activity_statement_confirmation_status: number;
    addfiles: { id: number }[];
    claims: {
      status: number;
      amount: number;
      invoice_confirmation_status: number;
      contentfiles: { id: number }[];
      receive_payment_account: { bank_account_number: string };
    }[];
  };

describe("the resubmission (GET and POST /entry/resubmit/:entryId)", () => {
  it("the page offers only the inadequate claim, with its values and the operator's words", async () => {
    const { id, cookie } = await inadequateEntry();
    const view = (await (
      await get(loader as Route, `/entry/resubmit/${id}`, { entryId: id }, cookie)
    ).json()) as {
      refusal: string | null;
      claims: { editable: boolean; reason: string; values?: { amount: string } }[];
      groups: unknown[];
    };
    expect(view.refusal).toBeNull();
    expect(view.claims.map((claim) => claim.editable)).toEqual([false, true]);
    expect(view.claims[1]).toMatchObject({
      reason: "請求書の日付が読めません。",
      values: { amount: "1,100,000" },
    });
    expect(view.groups).toEqual([]);
  });

  it("the invoice found inadequate needs a new file: 422 with everything typed, nothing sent", async () => {
    const { owner, id, cookie } = await inadequateEntry();
    const response = await post(id, cookie, {
      ...claimFields(1, { amount: "1,200,000" }),
      intent: "resubmit",
    });
    expect(response.status).toBe(422);
    const failure = await failureOf(response);
    expect(failure.fieldErrors["upload_claim-2-invoice"]).toBe(ResubmissionMessage.newInvoiceNeeded);
    expect(failure.values["claims[1].amount"]).toBe("1,200,000");
    expect((await entryOf(owner, id)).status).toBe(EntryStatus.inadequate);
  });

  it("§5 rules at the fields (a blank amount), but no bank checks and no deposit ≤ amount on a resubmit", async () => {
    const { id, cookie } = await inadequateEntry();
    const blank = await failureOf(
      await post(id, cookie, { ...claimFields(1, { amount: "" }), intent: "resubmit" }),
    );
    expect(blank.fieldErrors["claims[1].amount"]).toBe("この項目は空にできません");
    const over = await failureOf(
      await post(id, cookie, {
        ...claimFields(1, { scheduled_deposit_amount_from_obliger: "2,000,000" }),
        intent: "resubmit",
      }),
    );
    expect(over.fieldErrors["claims[1].scheduled_deposit_amount_from_obliger"]).toBeUndefined();
  });

  it("resubmitted: the typed fields, the new invoice in place of the old, the other claim untouched; then the detail", async () => {
    const { owner, id, cookie, files } = await inadequateEntry();
    const newInvoice = insertUpload(upstream, owner.userId, "invoice-2");
    const response = await post(id, cookie, {
      ...claimFields(1, { amount: "1,200,000" }),
      // Fields of a claim that is not inadequate are not read.
      ...claimFields(0, { amount: "9" }),
      intent: "resubmit",
    });
    expect(await locationOf(response)).toBe(`/entry/detail/${id}?resubmitted=1`);
    const entry = await entryOf(owner, id);
    expect(entry.status).toBe(EntryStatus.under_review);
    expect(entry.claims[1]).toMatchObject({
      status: ClaimStatus.under_review,
      amount: 1_200_000,
      invoice_confirmation_status: ReviewStatus.confirming,
    });
    expect(entry.claims[1]!.contentfiles.map((file) => file.id)).toEqual([newInvoice]);
    expect(entry.claims[1]!.receive_payment_account.bank_account_number).toBe("1234567");
    expect(entry.claims[0]).toMatchObject({ status: ClaimStatus.can_buy, amount: 1_100_000 });
    expect(entry.claims[0]!.contentfiles.map((file) => file.id)).toEqual([files.first]);

    const detail = (await (
      await get(detailLoader as Route, `/entry/detail/${id}?resubmitted=1`, { entryId: id }, cookie)
    ).json()) as { statusLabel: string; resubmittedNotice: string | null; resubmitPath: string | null };
    expect(detail).toMatchObject({ resubmittedNotice: ResubmissionMessage.resubmitted, resubmitPath: null });

    // A replay of the same post: nothing to resubmit any more, nothing sent.
    const replay = await post(id, cookie, { ...claimFields(1, { amount: "1,300,000" }), intent: "resubmit" });
    expect(replay.status).toBe(400);
    expect((await failureOf(replay)).formErrors[0]).toMatch(/再提出していただくものはありません/);
    expect((await entryOf(owner, id)).claims[1]!.amount).toBe(1_200_000);
  });

  it("an inadequate document group: its new file is added, or replaces a submitted file left out; the rest is sent again", async () => {
    const { owner, id, cookie, files } = await inadequateEntry();
    markEntryDocumentsInadequate(
      upstream.db,
      Number(id),
      "決算書が古い期のものです。",
      "financial_statements",
      new Date(),
    );
    const view = (await (
      await get(loader as Route, `/entry/resubmit/${id}`, { entryId: id }, cookie)
    ).json()) as {
      groups: { group: string; slots: { kind: string; label: string }[] }[];
    };
    expect(view.groups).toEqual([
      expect.objectContaining({
        group: "financial_statements",
        slots: expect.arrayContaining([
          expect.objectContaining({ kind: "pl", submitted: [expect.objectContaining({ id: files.pl })] }),
          expect.objectContaining({ kind: "bs", submitted: [] }),
        ]),
      }),
    ]);
    const newInvoice = insertUpload(upstream, owner.userId, "invoice-2");
    const missing = await failureOf(await post(id, cookie, { ...claimFields(1), intent: "resubmit" }));
    expect(missing.fieldErrors.upload_pl).toBe(ResubmissionMessage.newFinancialNeeded);

    const newPl = insertUpload(upstream, owner.userId, "pl");
    // The submitted P/L left out: the new one stands in for it.
    await locationOf(
      await post(id, cookie, { ...claimFields(1), [omitFileField(files.pl)]: "on", intent: "resubmit" }),
    );
    const entry = await entryOf(owner, id);
    expect(entry.financial_statement_confirmation_status).toBe(ReviewStatus.confirming);
    expect(entry.addfiles.map((file) => file.id).sort()).toEqual([files.statement, newPl].sort());
    expect(entry.claims[1]!.contentfiles.map((file) => file.id)).toEqual([newInvoice]);
  });

  it("inadequate statements: an account switched to internet banking and a second account added, each complete (§4)", async () => {
    const { owner, id, cookie, files } = await inadequateEntry();
    markEntryDocumentsInadequate(
      upstream.db,
      Number(id),
      "3か月分の明細が必要です。",
      "withdrawals_detail",
      new Date(),
    );
    insertUpload(upstream, owner.userId, "invoice-2");
    // 口座を追加する: the page comes back with one account more, what was typed kept.
    const added = await post(id, cookie, {
      ...claimFields(1),
      statement_count: "1",
      intent: "add_statement",
    });
    expect(added.status).toBe(200);
    expect((await failureOf(added)).values).toMatchObject({
      statement_count: "2",
      "claims[1].obliger_company_name": expect.any(String),
    });

    const screen = insertUpload(upstream, owner.userId, "ib_info-1");
    const switched = { ...claimFields(1), "banks[0].file_format": "ib", intent: "resubmit" };
    const short = await post(id, cookie, switched);
    expect(short.status).toBe(422);
    expect((await failureOf(short)).fieldErrors["banks[0].uploads"]).toBe(
      "口座情報の画面と入出金明細の画面をアップロードしてください。",
    );
    const details = insertUpload(upstream, owner.userId, "ib_details-1");
    const cover = insertUpload(upstream, owner.userId, "passbook_cover-2");
    const pages = [
      insertUpload(upstream, owner.userId, "passbook_details-2"),
      insertUpload(upstream, owner.userId, "passbook_details-2"),
    ];
    await locationOf(await post(id, cookie, switched));
    const entry = await entryOf(owner, id);
    expect(entry.account_activity_statement_confirmation_status).toBe(ReviewStatus.confirming);
    // The passbook cover of account 1 is gone with its format; the P/L is sent again.
    expect(entry.addfiles.map((file) => file.id).sort()).toEqual(
      [files.pl, screen, details, cover, ...pages].sort(),
    );
  });

  it("an entry that is not inadequate: a clear message, no form, and a forged post sends nothing", async () => {
    const owner = createUserWithSession(upstream);
    const entry = await createEntryVia(owner);
    const id = String(entry.id);
    const cookie = await appCookie(owner);
    const view = (await (
      await get(loader as Route, `/entry/resubmit/${id}`, { entryId: id }, cookie)
    ).json()) as {
      refusal: string | null;
    };
    expect(view.refusal).toMatch(/再提出していただくものはありません/);
    const response = await post(id, cookie, { ...claimFields(0, { amount: "5" }), intent: "resubmit" });
    expect(response.status).toBe(400);
    expect((await entryOf(owner as never, id)).claims[0]!.amount).toBe(1_100_000);
  });

  it("「法人番号を検索」 past the look-up limits (decision 0023): 429 with Retry-After, the message at the company name, everything typed kept", async () => {
    const { id, cookie } = await inadequateEntry();
    // The session's 60 look-ups of the minute, spent as you type.
    for (let i = 0; i < 60; i++)
      await get(houjinbangouLoader as Route, "/entry/houjinbangou?name=青葉", {}, cookie);
    const response = await post(id, cookie, {
      ...claimFields(1, { obliger_company_name: "青葉精機" }),
      intent: "search_houjinbangou:1",
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const failure = await failureOf(response);
    expect(failure.fieldErrors["claims[1].obliger_company_name"]).toMatch(/^検索回数が上限に達しました。/);
    expect(failure.values["claims[1].obliger_company_name"]).toBe("青葉精機");
  });

  it("another user's entry and a non-numeric id are page not found", async () => {
    const { id } = await inadequateEntry();
    const stranger = await appCookie(createUserWithSession(upstream));
    expect((await get(loader as Route, `/entry/resubmit/${id}`, { entryId: id }, stranger)).status).toBe(404);
    expect((await post(id, stranger, { intent: "resubmit" })).status).toBe(404);
    expect((await get(loader as Route, "/entry/resubmit/abc", { entryId: "abc" }, stranger)).status).toBe(
      404,
    );
  });
});
