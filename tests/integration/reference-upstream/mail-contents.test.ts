// What each mail carries, so the mail alone is a receipt a person can keep: the payout's amount and
// account, the late claim with its amount, deadline and return account, the result of a review (the
// declined invoices named), a cancel, a resubmission, a changed password; and every mail ends with
// who sent it and how to reach them, the same facts the brand's pages give (docs/upstream-api).

import { describe, expect, it } from "vitest";
import { type Brand, DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../../app/brand/brands";
import { returnAccountHeading, returnAccountLines } from "../../../app/domain/account-lines";
import { formatJapaneseDate } from "../../../app/domain/japan-date";
import { FIGURE_LABELS, annualCostRate, daysUntil } from "../../../app/domain/purchase-figures";
import { payoutDueDate, returnDeadline, returnDeadlineNote } from "../../../app/domain/return-deadline";
import { returnDateCalendar } from "../../../app/lookup/japan-holidays.server";
import { claimsOfEntry, findEntry } from "../../../reference-upstream/entries/rows";
import { dateJst } from "../../../reference-upstream/time";
import { isoDateFromToday } from "../../fixtures/dates";
import { runOperatorCommand } from "../../../reference-upstream/operator/command-line";
import { type OutboxMail, latestMails } from "../../../reference-upstream/outbox";
import { findUserById } from "../../../reference-upstream/users";
import { logInClient, PASSWORD, insertUser as insertPasswordUser, uniqueEmail } from "./accounts-fixtures";
import {
  createEntryVia,
  createUserWithSession,
  validClaim,
  validEntryBody,
  reviewClaims,
} from "./entry-fixtures";
import { useTestUpstream } from "./harness";

const upstream = useTestUpstream();

const operator = (argv: string[], now = new Date()) =>
  runOperatorCommand(upstream.db, argv, now, upstream.config);
const mailsOf = (email: string, kind: string): OutboxMail[] =>
  latestMails(upstream.db, { to: email, kind, limit: 20 });
const onlyMail = (email: string, kind: string): OutboxMail => {
  const mails = mailsOf(email, kind);
  expect(
    mails.map((mail) => mail.kind),
    `one ${kind} mail`,
  ).toEqual([kind]);
  return mails[0]!;
};

/** A bank and branch the Zengin directory knows, so the mail can give their codes. */
const PAYOUT_ACCOUNT = {
  bank_name: "三井住友銀行",
  branch_name: "新宿",
  deposit_type: "ordinary",
  bank_account_number: "7654321",
  account_holder_name: "ｶ)ﾃｽﾄｼｮｳｼﾞ",
};

async function submittedEntry(options: { claims?: number; serviceId?: string } = {}) {
  const client = createUserWithSession(upstream, options.serviceId ? { service_id: options.serviceId } : {});
  const email = findUserById(upstream.db, client.userId)!.email;
  const entry = await createEntryVia(
    client,
    validEntryBody(
      {
        bank_account: PAYOUT_ACCOUNT,
        claims: Array.from({ length: options.claims ?? 1 }, (_, index) =>
          validClaim({ obliger_company_name: `株式会社売掛先${index + 1}` }),
        ),
      },
      options.claims ?? 1,
    ),
  );
  return { client, email, entry, claimIds: entry.claims.map((claim) => claim.id as number) };
}

const canBuy = (claimId: number) =>
  reviewClaims(upstream, [claimId], { decision: "can_buy", bankCharge: 440 });
const cannotBuy = (claimId: number) => reviewClaims(upstream, [claimId], { decision: "cannot_buy" });

/** The sender's name and contact, as the brand's pages state them. */
function expectSignedBy(mail: OutboxMail, brand: Brand) {
  const tail = mail.body.slice(mail.body.lastIndexOf("\n\n"));
  for (const fact of [brand.serviceName, brand.operatorName, brand.contactDesk, brand.supportEmail]) {
    expect(tail, `${mail.kind} ends with ${fact}`).toContain(fact);
  }
}

/** The operator's return account in full (bank and code, branch and code, 種目, number, 名義), under its heading. */
function expectReturnAccount(body: string, brand: Brand) {
  const lines = body.split("\n");
  const start = lines.indexOf(`${returnAccountHeading(brand.operatorName)}：`);
  expect(start, "the return account's heading").toBeGreaterThanOrEqual(0);
  expect(lines.slice(start + 1, start + 6)).toEqual(
    returnAccountLines(brand.returnAccount).map(({ label, value }) => `${label}：${value}`),
  );
  expect(body).toContain(`銀行：${brand.returnAccount.bankName}（${brand.returnAccount.bankCode}）`);
}

describe("contract concluded: the receipt of the contract", () => {
  it("per claim every figure (買取額, 手数料, 振込手数料, お受け取り額, 返金額, ご負担額 with the 掛目による差額, the annual rate), 返金期日, the payout date and the totals", async () => {
    const { client, email, entry, claimIds } = await submittedEntry({ claims: 2 });
    canBuy(claimIds[0]!);
    canBuy(claimIds[1]!);
    expect((await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true })).status).toBe(200);
    const mail = onlyMail(email, "entry_contracted");
    const contracted = findEntry(upstream.db, entry.id)!;
    const claims = claimsOfEntry(upstream.db, entry.id);
    const calendar = returnDateCalendar(claims, dateJst(new Date()), contracted.contracted_at);
    const payoutDate = payoutDueDate(dateJst(new Date(contracted.contracted_at!)), calendar);
    expect(mail.body).toContain(`お振込予定日 ${formatJapaneseDate(payoutDate)}`);
    const L = FIGURE_LABELS;
    const [first, second] = mail.body.split("■ 請求書2");
    for (const [part, claim] of [
      [first!, claims[0]!],
      [second!, claims[1]!],
    ] as const) {
      const deadline = returnDeadline(claim.return_date!, calendar);
      const days = daysUntil(payoutDate, deadline)!;
      // 返金額 1,000,000 − お受け取り額 854,560 = 145,440, of which 100,000 is the 掛目's part.
      expect(part).toContain(`${L.purchaseAmount} 900,000円`);
      expect(part).toContain(`${L.fee} 45,000円`);
      expect(part).toContain(`${L.bankCharge} 440円`);
      expect(part).toContain(`${L.received} 854,560円`);
      expect(part).toContain(`${L.repayment} 1,000,000円`);
      expect(part).toContain(`${L.cost} 145,440円`);
      expect(part).toContain(`${L.marginPart} 100,000円`);
      expect(part).toContain(
        `${L.annualRate} 約${annualCostRate(145_440, 854_560, days)!.toFixed(1)}%（お振込日から返金期日までの${days}日で計算）`,
      );
      expect(part).toContain(`返金期日 ${formatJapaneseDate(deadline)}`);
    }
    const totals = mail.body.slice(mail.body.indexOf("■ 合計"));
    expect(totals).toContain("■ 合計（請求書2件）");
    expect(totals).toContain(`${L.received} 1,709,120円`);
    expect(totals).toContain(`${L.repayment} 2,000,000円`);
    expect(totals).toContain(`${L.cost} 290,880円`);
  });

  it("a debtor's date on a bank holiday: 返金期日 is the next business day, with the note saying why", async () => {
    const today = dateJst(new Date());
    const year = Number(today.slice(0, 4)) + (today.slice(5) > "12-15" ? 2 : 1);
    const newYear = `${year}-01-01`;
    const client = createUserWithSession(upstream);
    const email = findUserById(upstream.db, client.userId)!.email;
    const created = await createEntryVia(
      client,
      validEntryBody({
        bank_account: PAYOUT_ACCOUNT,
        claims: [validClaim({ obliger_payment_date: newYear })],
      }),
    );
    canBuy(created.claims[0].id);
    expect((await client.post(`/api/entries/${created.id}/contract/`, { agreed: true })).status).toBe(200);
    const calendar = returnDateCalendar([{ obliger_payment_date: newYear }], today);
    const mail = onlyMail(email, "entry_contracted");
    expect(mail.body).toContain(`返金期日 ${formatJapaneseDate(returnDeadline(newYear, calendar))}`);
    expect(mail.body).toContain(returnDeadlineNote(newYear, calendar)!);
  });

  it("gives both accounts apart and in full: the owner's payout account and the operator's return account", async () => {
    const { client, email, entry, claimIds } = await submittedEntry();
    canBuy(claimIds[0]!);
    expect((await client.post(`/api/entries/${entry.id}/contract/`, { agreed: true })).status).toBe(200);
    const mail = onlyMail(email, "entry_contracted");
    const lines = mail.body.split("\n");
    const payout = lines.indexOf("買取代金のお振込先（お客さまの口座）：");
    expect(payout, "the payout account's heading").toBeGreaterThanOrEqual(0);
    expect(lines.slice(payout + 1, payout + 6)).toEqual([
      "銀行：三井住友銀行（0009）",
      "支店：新宿支店（221）",
      "種目：普通",
      "口座番号：7654321",
      `口座名義：${entry.bank_account.account_holder_name}`,
    ]);
    expectReturnAccount(mail.body, DEFAULT_BRAND);
    expectSignedBy(mail, DEFAULT_BRAND);
  });
});

describe("paid out: the amount paid and the account it went to", () => {
  it("states the total お受け取り額 and the payout account (bank, branch, 種目, the number's last 4 digits, 名義)", async () => {
    const { email, entry, claimIds } = await submittedEntry({ claims: 2 });
    canBuy(claimIds[0]!);
    canBuy(claimIds[1]!);
    operator(["mark-contracted", String(entry.id)]);
    operator(["mark-transferred", String(entry.id)]);
    const mail = onlyMail(email, "entry_transferred");
    // 900,000 − 45,000 − 440 = 854,560 per claim, two claims.
    expect(mail.body).toContain("お振込金額 1,709,120円");
    expect(mail.body).toContain("買取代金のお振込先（お客さまの口座）：");
    expect(mail.body).toContain("銀行：三井住友銀行（0009）");
    expect(mail.body).toContain("支店：新宿支店（221）");
    expect(mail.body).toContain("種目：普通");
    expect(mail.body).toContain("口座番号：***4321");
    expect(mail.body).not.toContain("7654321");
    expect(mail.body).toContain(`口座名義：${entry.bank_account.account_holder_name}`);
    expectSignedBy(mail, DEFAULT_BRAND);
  });
});

describe("return late: which claim, how much, by when, where to pay and whom to call", () => {
  it("names the claim (number, debtor, 申込番号), 返金額, the deadline missed, the return account in full and the contact", async () => {
    const { email, entry, claimIds } = await submittedEntry({ claims: 2 });
    canBuy(claimIds[0]!);
    canBuy(claimIds[1]!);
    operator(["mark-contracted", String(entry.id)]);
    operator(["mark-transferred", String(entry.id)]);
    // The operator marks a delay once the deadline has passed.
    const returnDate = String(
      (
        upstream.db.prepare("SELECT return_date FROM claims WHERE id = ?").get(claimIds[1]) as {
          return_date: string;
        }
      ).return_date,
    );
    const later = new Date(`${isoDateFromToday(90)}T03:00:00Z`);
    expect(operator(["mark-delay", String(claimIds[1])], later)).toContain("mail: entry_delay");
    const mail = onlyMail(email, "entry_delay");
    expect(mail.body).toContain(`申込番号 ${entry.code}`);
    expect(mail.body).toContain("請求書2");
    expect(mail.body).toContain("株式会社売掛先2");
    expect(mail.body).not.toContain("株式会社売掛先1");
    expect(mail.body).toContain("返金額 1,000,000円");
    expect(mail.body).toContain(`返金期日 ${formatJapaneseDate(returnDate)}`);
    expectReturnAccount(mail.body, DEFAULT_BRAND);
    const beforeSignature = mail.body.slice(0, mail.body.lastIndexOf("\n\n"));
    expect(beforeSignature).toContain(DEFAULT_BRAND.contactDesk);
    expect(beforeSignature).toContain(DEFAULT_BRAND.supportEmail);
    expectSignedBy(mail, DEFAULT_BRAND);
  });
});

describe("the result of a review is always mailed", () => {
  it("declined: every invoice cannot be bought → one result mail naming them, as /entry/complete promises", async () => {
    const { email, entry, claimIds } = await submittedEntry({ claims: 2 });
    cannotBuy(claimIds[0]!);
    expect(cannotBuy(claimIds[1]!)).toContain("mail: entry_declined");
    const mail = onlyMail(email, "entry_declined");
    expect(mail.subject).toContain("審査結果のお知らせ");
    expect(mail.subject).toContain(`申込番号 ${entry.code}`);
    expect(mail.body).toContain("請求書1 株式会社売掛先1");
    expect(mail.body).toContain("請求書2 株式会社売掛先2");
    expect(mail.body).toContain("買取を見送らせていただくこと");
    expectSignedBy(mail, DEFAULT_BRAND);
    expect(mailsOf(email, "entry_reviewed")).toHaveLength(0);
  });

  it("declined by the operator's cancel of the last claim under review: the result mail still names the invoice", async () => {
    const { email, claimIds } = await submittedEntry({ claims: 1 });
    expect(operator(["cancel-claim", String(claimIds[0])])).toContain("mail: entry_declined");
    expect(onlyMail(email, "entry_declined").body).toContain("請求書1 株式会社売掛先1");
  });

  it("partly declined: the reviewed mail names the invoices that cannot be bought (number and debtor)", async () => {
    const { email, claimIds } = await submittedEntry({ claims: 2 });
    canBuy(claimIds[0]!);
    cannotBuy(claimIds[1]!);
    const mail = onlyMail(email, "entry_reviewed");
    const [bought, declined] = mail.body.split("買取できない請求書");
    expect(bought).toContain("請求書1 株式会社売掛先1");
    expect(declined).toContain("請求書2 株式会社売掛先2");
    expect(declined).not.toContain("請求書1 株式会社売掛先1");
  });

  it("all bought: the reviewed mail names no declined invoice", async () => {
    const { email, claimIds } = await submittedEntry({ claims: 1 });
    canBuy(claimIds[0]!);
    expect(onlyMail(email, "entry_reviewed").body).not.toContain("買取できない請求書");
  });
});

describe("what the user did is confirmed by mail", () => {
  it("cancel: the cancelled entry is confirmed, once", async () => {
    const { client, email, entry } = await submittedEntry();
    expect((await client.post(`/api/entries/${entry.id}/cancel/`, {})).status).toBe(200);
    expect((await client.post(`/api/entries/${entry.id}/cancel/`, {})).status).toBe(400);
    const mail = onlyMail(email, "entry_cancelled");
    expect(mail.subject).toContain("お申し込みのキャンセルを受け付けました");
    expect(mail.subject).toContain(`申込番号 ${entry.code}`);
    expect(mail.link).toBe(`http://localhost:3000/entry/detail/${entry.id}`);
    expectSignedBy(mail, DEFAULT_BRAND);
  });

  it("resubmission: the documents sent again are confirmed and the review promised, once", async () => {
    const { client, email, entry, claimIds } = await submittedEntry();
    reviewClaims(upstream, [claimIds[0]], { decision: "inadequate", reason: "日付が読めません" });
    expect((await client.post(`/api/entries/${entry.id}/review/`, {})).status).toBe(200);
    expect((await client.post(`/api/entries/${entry.id}/review/`, {})).status).toBe(400);
    const mail = onlyMail(email, "entry_resubmitted");
    expect(mail.subject).toContain("再提出を受け付けました");
    expect(mail.body).toContain("審査の結果はメールでお知らせします");
    expectSignedBy(mail, DEFAULT_BRAND);
  });

  it("password changed, logged in: the user hears of it, with what to do if it was not them", async () => {
    const email = uniqueEmail("changed");
    await insertPasswordUser(upstream.db, { email });
    const client = await logInClient(upstream, email);
    const changed = await client.post("/api/password/change/", {
      old_password: PASSWORD,
      new_password1: "amber-lantern-5512",
      new_password2: "amber-lantern-5512",
    });
    expect(changed.status).toBe(200);
    const mail = onlyMail(email, "password_changed");
    expect(mail.subject).toContain("パスワードを変更しました");
    expect(mail.body).toContain("お心当たりのない場合");
    expect(mail.link).toBe("http://localhost:3000/profile/password/reset/recover");
    expectSignedBy(mail, DEFAULT_BRAND);
  });

  it("password changed by the reset link: the same mail; a refused change sends none", async () => {
    const email = uniqueEmail("reset");
    await insertPasswordUser(upstream.db, { email });
    await upstream.client().post("/api/password/reset/", { email });
    const link = new URL(latestMails(upstream.db, { to: email, kind: "password_reset" })[0]!.link!);
    const confirm = (password: string) =>
      upstream.client().post("/api/password/reset/confirm/", {
        uid: link.searchParams.get("uid"),
        token: link.searchParams.get("token"),
        new_password1: password,
        new_password2: password,
      });
    expect((await confirm("12345")).status).toBe(400);
    expect(mailsOf(email, "password_changed")).toHaveLength(0);
    expect((await confirm("amber-lantern-5512")).status).toBe(200);
    expect(onlyMail(email, "password_changed").subject).toContain("パスワードを変更しました");
  });
});

describe("every mail ends with the sender's name and contact, the brand's own", () => {
  it("the white label's mails are signed with its service name, operator, desk and address", async () => {
    const { email, claimIds } = await submittedEntry({ serviceId: "midori" });
    canBuy(claimIds[0]!);
    for (const kind of ["entry_received", "entry_reviewed"]) {
      const mail = onlyMail(email, kind);
      expectSignedBy(mail, WHITE_LABEL_BRAND);
      expect(mail.body).not.toContain(DEFAULT_BRAND.supportEmail);
    }
  });

  it("the account mails too: activation, password reset, identity confirmed", async () => {
    const registered = await upstream.client().post("/api/register/", {
      email: uniqueEmail("signed"),
      password: "kasumi-river-2931",
      corporate_division: "corporate",
    });
    expect(registered.status).toBe(201);
    const email = registered.body.email as string;
    await upstream.client().post("/api/password/reset/", { email });
    operator(["confirm-identity", String(registered.body.id), "--valid-until", "2030-01-31"]);
    for (const kind of ["activation", "password_reset", "identity_confirmed"]) {
      expectSignedBy(onlyMail(email, kind), DEFAULT_BRAND);
    }
  });
});
