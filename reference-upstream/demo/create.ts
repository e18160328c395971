// Creates the demo owners (owners.ts) through the upstream's own HTTP API, as the app would for each
// owner, and the operator's actions (runOperatorCommand), on a private upstream over the data folder.
// Its clock can be set back: an entry paid out weeks ago is submitted, contracted and paid out on those
// days, so a return is late today by the product's own rules, never by a date written into a row.

import { addDays, bankClosure, nextBankBusinessDay } from "../../app/domain/bank-calendar";
import { japanDate } from "../../app/domain/japan-date";
import { payoutDueDate, returnDeadline } from "../../app/domain/return-deadline";
import { paymentDateWindow } from "../../app/domain/invoice-step";
import { bankCalendar, paymentDateCalendar } from "../../app/lookup/japan-holidays.server";
import type { UpstreamConfig } from "../config";
import { runOperatorCommand } from "../operator/command-line";
import { insertDemoAccount } from "../seed";
import { type RunningUpstream, startUpstream } from "../server";
import { ApiOwner } from "./api-owner";
import { DEMO_OWNERS, DEMO_OWNER_PASSWORD, type DemoStage } from "./owners";
import { type Division, sampleClaim, sampleProfile } from "./sample-entry";
import { pdfFile, pngFile } from "./sample-files";

/** A clock set to a Japan date at 10:00 (office hours), or running as now. */
class DemoClock {
  private fixed: Date | null = null;
  now = (): Date => this.fixed ?? new Date();
  setDay(date: string): void {
    this.fixed = new Date(`${date}T10:00:00+09:00`);
  }
  reset(): void {
    this.fixed = null;
  }
}

interface Demo {
  upstream: RunningUpstream;
  clock: DemoClock;
  config: UpstreamConfig;
}

const operator = (demo: Demo, ...argv: string[]) =>
  runOperatorCommand(demo.upstream.db, argv, demo.clock.now(), demo.config);

/** Bought at the standard offer, as the README's `review-claim … can_buy --offer standard` does. */
const reviewAtStandardOffer = (demo: Demo, claimId: number) =>
  operator(demo, "review-claim", String(claimId), "can_buy", "--offer", "standard");

/** The company each owner applies as: their names tell the logins apart on My page. */
const COMPANY: Record<DemoStage, string> = {
  mayApply: "株式会社サキドリデモ",
  underReview: "株式会社あおば製作所",
  inadequate: "株式会社さくら食品",
  reviewed: "株式会社つばき工務店",
  paidOut: "株式会社かえで物流",
  late: "株式会社ひのき印刷",
  returned: "株式会社もみじ設計",
  declined: "株式会社すずらん商会",
  soleProprietor: "山田デザイン事務所",
  whiteLabel: "株式会社みどり精工",
};

/**
 * An owner who may apply: registered and activated on their brand, profile complete with identity
 * documents, identity confirmed by the operator.
 */
async function ownerReadyToApply(demo: Demo, stage: DemoStage, division: Division): Promise<ApiOwner> {
  const { email, brand } = DEMO_OWNERS[stage];
  const owner = await ApiOwner.register(demo.upstream.url, {
    email,
    password: DEMO_OWNER_PASSWORD,
    division,
    serviceId: brand,
  });
  const activation = demo.upstream.db
    .prepare("SELECT link FROM outbox WHERE to_address = ? AND kind = 'activation' ORDER BY id DESC")
    .get(email) as { link: string } | undefined;
  const key = activation && new URL(activation.link).searchParams.get("key");
  if (!key) throw new Error(`no activation mail to ${email}`);
  await owner.send("POST", "/api/register/activation/", { key });
  const front = await owner.upload("identity", pngFile("運転免許証_表.png"), "front");
  const back = await owner.upload("identity", pngFile("運転免許証_裏.png"), "back");
  await owner.send("PATCH", "/api/profile_without_sector_and_business_summary/", {
    ...sampleProfile(division, COMPANY[stage]),
    identity_document_type: "drivingLicence",
    addfiles: [front, back],
  });
  operator(demo, "confirm-identity", String(owner.id));
  return owner;
}

const PAYOUT_ACCOUNT = {
  bank_name: "みずほ銀行",
  branch_name: "丸之内支店",
  deposit_type: "ordinary",
  bank_account_number: "2345678",
  account_holder_name: "カ）デモ",
};

/**
 * The wizard's steps through the API: the invoice and its file, the financial documents (決算書 for a
 * corporation, 確定申告書 for a sole proprietor), a passbook's pages and the payout account into the
 * draft, then the submit. Answers the entry's id and its claim's id.
 */
async function submitEntry(
  owner: ApiOwner,
  division: Division,
  paymentDate: string,
): Promise<{ entryId: number; claimId: number }> {
  const invoice = await owner.upload("invoice-1", pdfFile("請求書.pdf"));
  const financial =
    division === "corporate"
      ? [
          await owner.upload("pl", pdfFile("損益計算書.pdf")),
          await owner.upload("bs", pdfFile("貸借対照表.pdf")),
        ]
      : [await owner.upload("tax_returns", pdfFile("確定申告書.pdf"))];
  const cover = await owner.upload("passbook_cover-1", pngFile("通帳_表紙.png"));
  const details = await owner.upload("passbook_details-1", pdfFile("通帳_明細.pdf"));
  const { contentfiles: _none, ...claim } = sampleClaim(paymentDate);
  const statement = { bank_name: "みずほ銀行", bank_account_number: "2345678", file_format: "passbook" };
  const entry = { purchase_amount_desired: "900000", purpose: "仕入れ代金の支払い" };
  await owner.send("PATCH", "/api/draft_entry/", {
    ...entry,
    claims: [{ ...claim, contentfile_relations: [invoice] }],
    banks: [{ ...statement, contentfile_relations: [cover, details] }],
    bank_account: PAYOUT_ACCOUNT,
  });
  const created = (await owner.send("POST", "/api/entries/", {
    ...entry,
    claims: [{ ...claim, contentfiles: [invoice] }],
    addfiles: [...financial, cover, details],
    banks: [{ ...statement, contentfiles: [cover, details] }],
    bank_account: PAYOUT_ACCOUNT,
  })) as { id: number; claims: { id: number }[] };
  return { entryId: created.id, claimId: created.claims[0]!.id };
}

/**
 * Reviewed as can_buy at the standard offer, contracted online by the owner (the agreement's call), paid out by the operator
 * on the day the agreement promises (today, for an entry contracted today).
 */
async function paidOut(demo: Demo, owner: ApiOwner, entry: { entryId: number; claimId: number }) {
  reviewAtStandardOffer(demo, entry.claimId);
  await owner.send("POST", `/api/entries/${entry.entryId}/contract/`, { agreed: true });
  const contracted = japanDate(demo.clock.now());
  const payoutDay = payoutDueDate(contracted, bankCalendar(contracted, addDays(contracted, 30)));
  if (payoutDay < japanDate(new Date())) demo.clock.setDay(payoutDay);
  operator(demo, "mark-transferred", String(entry.entryId));
}

/** The dates each stage needs, from today: what is accepted today, and a past that makes a late return. */
export function demoDates(today: string) {
  const window = paymentDateWindow(today, paymentDateCalendar(today));
  const calendar = bankCalendar(addDays(today, -60), addDays(window.last, 14));
  // A bank holiday (not a mere weekend) the invoice step accepts today: its return falls due a day later.
  let holiday = window.earliest;
  while (holiday <= window.last && !bankClosure(holiday, calendar)) holiday = addDays(holiday, 1);
  if (holiday > window.last) throw new Error(`no bank holiday between ${window.earliest} and ${window.last}`);
  // Applied 40 days ago for the first business day a week past the earliest payment date then: its
  // return fell due about four weeks ago.
  const appliedOn = addDays(today, -40);
  const pastWindow = paymentDateWindow(appliedOn, bankCalendar(appliedOn, addDays(appliedOn, 60)));
  const pastPaymentDate = nextBankBusinessDay(addDays(pastWindow.earliest, 7), calendar)!;
  return {
    /** A payment date comfortably inside today's window (two months ahead, a business day). */
    paymentDate: nextBankBusinessDay(addDays(today, 60), calendar)!,
    holiday,
    holidayDeadline: returnDeadline(holiday, calendar),
    appliedOn,
    /** The paid-out owner applied a week ago: contracted that day, paid out on the next business day. */
    recentlyAppliedOn: addDays(today, -7),
    pastPaymentDate,
    pastDeadline: returnDeadline(pastPaymentDate, calendar),
  };
}

/**
 * Creates the demo account and every demo owner missing from the database in `config.dataDir`; an
 * error stops the run (an owner it left half-made is made again by `npm run demo -- reset`). The
 * upstream of `npm start` need not be stopped: a private one serves these calls on a free port of
 * 127.0.0.1. Answers the stages created.
 */
export async function createDemoOwners(config: UpstreamConfig): Promise<DemoStage[]> {
  const clock = new DemoClock();
  const privateConfig: UpstreamConfig = { ...config, host: "127.0.0.1", port: 0, log: false, now: clock.now };
  const upstream = await startUpstream(privateConfig);
  const demo: Demo = { upstream, clock, config: privateConfig };
  const created: DemoStage[] = [];
  try {
    const exists = (stage: DemoStage) =>
      upstream.db.prepare("SELECT 1 FROM users WHERE email = ?").get(DEMO_OWNERS[stage].email) !== undefined;
    const today = japanDate(new Date());
    const dates = demoDates(today);
    const recipes: Record<Exclude<DemoStage, "mayApply">, () => Promise<void>> = {
      underReview: async () => {
        await submitEntry(
          await ownerReadyToApply(demo, "underReview", "corporate"),
          "corporate",
          dates.paymentDate,
        );
      },
      inadequate: async () => {
        const owner = await ownerReadyToApply(demo, "inadequate", "corporate");
        const entry = await submitEntry(owner, "corporate", dates.paymentDate);
        operator(
          demo,
          "review-claim",
          String(entry.claimId),
          "inadequate",
          "--reason",
          "請求書の日付と金額が読み取れません。鮮明な画像をご提出ください。",
          "--document",
          "invoice",
        );
      },
      reviewed: async () => {
        const owner = await ownerReadyToApply(demo, "reviewed", "corporate");
        const entry = await submitEntry(owner, "corporate", dates.paymentDate);
        reviewAtStandardOffer(demo, entry.claimId);
      },
      paidOut: async () => {
        clock.setDay(dates.recentlyAppliedOn);
        const owner = await ownerReadyToApply(demo, "paidOut", "corporate");
        await paidOut(demo, owner, await submitEntry(owner, "corporate", dates.holiday));
      },
      late: async () => {
        clock.setDay(dates.appliedOn);
        const owner = await ownerReadyToApply(demo, "late", "corporate");
        const entry = await submitEntry(owner, "corporate", dates.pastPaymentDate);
        await paidOut(demo, owner, entry);
        clock.reset();
        operator(demo, "mark-delay", String(entry.claimId));
      },
      returned: async () => {
        clock.setDay(dates.appliedOn);
        const owner = await ownerReadyToApply(demo, "returned", "corporate");
        const entry = await submitEntry(owner, "corporate", dates.pastPaymentDate);
        await paidOut(demo, owner, entry);
        clock.reset();
        operator(demo, "mark-returned", String(entry.claimId), "--date", dates.pastDeadline);
      },
      declined: async () => {
        const owner = await ownerReadyToApply(demo, "declined", "corporate");
        const entry = await submitEntry(owner, "corporate", dates.paymentDate);
        operator(demo, "review-claim", String(entry.claimId), "cannot_buy");
      },
      soleProprietor: async () => {
        const owner = await ownerReadyToApply(demo, "soleProprietor", "individual");
        await submitEntry(owner, "individual", dates.paymentDate);
      },
      whiteLabel: async () => {
        await submitEntry(
          await ownerReadyToApply(demo, "whiteLabel", "corporate"),
          "corporate",
          dates.paymentDate,
        );
      },
    };
    if ((await insertDemoAccount(upstream.db, clock.now())).created) created.push("mayApply");
    const missing = (Object.keys(recipes) as (keyof typeof recipes)[]).filter((stage) => !exists(stage));
    // The upstream has one clock: the owners whose story began weeks ago go first, then the others on
    // today's clock; one at a time, so a fresh data folder numbers their entries the same every time
    // (docs/screens.md links them).
    const setBack = new Set<DemoStage>(["paidOut", "late", "returned"]);
    const inOrder = [
      ...missing.filter((stage) => setBack.has(stage)),
      ...missing.filter((stage) => !setBack.has(stage)),
    ];
    for (const stage of inOrder) {
      await recipes[stage]();
      clock.reset();
      created.push(stage);
    }
  } finally {
    await upstream.close();
  }
  return created;
}
