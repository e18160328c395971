// JavaScript on and off, with the operator command driving the review: a debtor's payment date banks
// are closed on (12/31, a Saturday) gives one deadline, the next business day, wherever it asks the
// user to send money (the agreement, the contract, the detail, My page, the .ics file); and the payout
// account is shown in full (bank and branch with their codes, deposit type, number, holder) on the
// check page before submission, the agreement, the contract and the detail; the operator's return account
// in full too, in a box of its own apart from it, each part unbroken on a 375 px phone.

import { addDays } from "../../app/domain/bank-calendar";
import { returnDeadline, returnDeadlineNote } from "../../app/domain/return-deadline";
import { japanDate } from "../../app/domain/japan-date";
import { bankCalendar } from "../../app/lookup/japan-holidays.server";
import { isoDateFromToday } from "../fixtures/dates";
import { validClaim } from "../fixtures/entry-body";
import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

/** The next 12/31 at least a week ahead (banks close 12/31–1/3). */
function nextYearEnd(): string {
  const today = japanDate(new Date());
  const year = Number(today.slice(0, 4));
  return today <= `${year}-12-23` ? `${year}-12-31` : `${year + 1}-12-31`;
}

/** The first Saturday six weeks or more ahead. */
function saturdayAhead(): string {
  for (let days = 42; ; days += 1) {
    const date = isoDateFromToday(days);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 6) return date;
  }
}

const YEAR_END = nextYearEnd();
const SATURDAY = saturdayAhead();
/** The note and deadline each date gets, by the rule the unit tests pin (tests/unit/domain/return-deadline.test.ts). */
const around = (date: string) => bankCalendar(addDays(date, -14), addDays(date, 14));
const noteFor = (date: string) => returnDeadlineNote(date, around(date))!;
const deadlineOf = (date: string) => returnDeadline(date, around(date));

/** The account the withdrawal step gave: a bank and branch the Zengin directory knows. */
const PAYOUT_ACCOUNT = {
  bank_name: "三井住友銀行",
  branch_name: "新宿",
  deposit_type: "ordinary",
  bank_account_number: "7654321",
  account_holder_name: "カ）サキドリシヨウジ",
};

/** A reviewed entry whose two claims fall due on 12/31 and on a Saturday, with the payout account. */
async function reviewedEntry(freshEmail: (label?: string) => string) {
  const email = freshEmail("holiday");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({
    claims: [
      validClaim({ obliger_payment_date: YEAR_END }),
      validClaim({ obliger_company_name: "株式会社土曜商事", obliger_payment_date: SATURDAY }),
    ],
    bank_account: PAYOUT_ACCOUNT,
  });
  reviewClaims(entry.claimIds);
  return { email, entry };
}

/** The page as it is, at a desktop width and on a 375 px phone. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function expectFullAccount(page: Page, label: string) {
  const account = page.getByRole("group", { name: label });
  await expect(account).toContainText("三井住友銀行（金融機関コード 0009）");
  await expect(account).toContainText("新宿支店（支店コード 221）");
  await expect(account).toContainText("普通");
  await expect(account).toContainText("7654321");
  await expect(account).toContainText("カ）サキドリシヨウジ");
}

test("a payment date on 12/31 or a Saturday is due back the next business day, on the agreement, the contract, the detail, My page and the .ics", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  expect(noteFor(YEAR_END)).toMatch(
    /^\d{4}年12月31日（.・年末年始）は銀行休業日のため、返金期日は翌営業日の\d{4}年1月\d{1,2}日（.）です。$/,
  );
  expect(noteFor(SATURDAY)).toMatch(/（土）は銀行休業日のため、返金期日は翌営業日の.+（月|火）です。$/);
  const { email, entry } = await reviewedEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);

  await open(`/entry/${entry.id}/factoring_service_agreement`);
  await expect(page.getByRole("table", { name: /請求書1/ })).toContainText(noteFor(YEAR_END));
  await expect(page.getByRole("table", { name: /請求書2/ })).toContainText(noteFor(SATURDAY));

  await open(`/entry/contract/${entry.id}`);
  await expect(page.getByRole("region", { name: /^請求書1/ })).toContainText(noteFor(YEAR_END));
  await expect(page.getByRole("region", { name: /^請求書2/ })).toContainText(noteFor(SATURDAY));

  runOperator("mark-contracted", String(entry.id));
  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByRole("group", { name: "請求書1のご返金" })).toContainText(noteFor(YEAR_END));
  await expect(page.getByRole("group", { name: "請求書2のご返金" })).toContainText(noteFor(SATURDAY));
  await screenshots(page, "detail-return-notes");

  // My page names the entry's next deadline, and why when it moved past a bank holiday.
  const first = YEAR_END < SATURDAY ? YEAR_END : SATURDAY;
  await open("/mypage");
  const card = page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem").first();
  await expect(card).toContainText("次の返金期日");
  await expect(card).toContainText(noteFor(first));
  await screenshots(page, "mypage-return-note");

  // The calendar file: each event on the deadline, and says why.
  const calendar = await page.request.get(`/entry/detail/${entry.id}/return.ics`);
  const text = (await calendar.text()).replace(/\r\n /g, "");
  const compact = (date: string) => deadlineOf(date).replace(/-/g, "");
  expect(text).toContain(`DTSTART;VALUE=DATE:${compact(YEAR_END)}`);
  expect(text).toContain(`DTSTART;VALUE=DATE:${compact(SATURDAY)}`);
  expect(text).not.toContain(`DTSTART;VALUE=DATE:${YEAR_END.replace(/-/g, "")}`);
  expect(text).toContain(noteFor(YEAR_END));
  expect(text).toContain(noteFor(SATURDAY));
  // Its link to the entry is built from APP_BASE_URL, never from a host a request forwards.
  const origin = new URL(page.url()).origin;
  expect(text).toContain(`${origin}/entry/detail/${entry.id}`);
  const forged = await page.request.get(`/entry/detail/${entry.id}/return.ics`, {
    headers: { "X-Forwarded-Host": "sakidori.attacker.example" },
  });
  const forgedText = (await forged.text()).replace(/\r\n /g, "");
  expect(forgedText).not.toContain("attacker");
  expect(forgedText).toContain(`${origin}/entry/detail/${entry.id}`);
});

test("the payout account in full, with the bank's and the branch's codes, on the agreement, the contract and the detail", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, entry } = await reviewedEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);

  await open(`/entry/${entry.id}/factoring_service_agreement`);
  await expectFullAccount(page, "譲渡代金の振込先（甲の口座）");
  await screenshots(page, "agreement-payout-account");

  await open(`/entry/contract/${entry.id}`);
  await expectFullAccount(page, "買取代金のお振込先");
  await screenshots(page, "contract-payout-account");

  await open(`/entry/detail/${entry.id}`);
  await expectFullAccount(page, "お振込先口座");
  await screenshots(page, "detail-payout-account");
});

test("the check page before submission shows the payout account in full; a name the directory does not know has no code, and says so", async ({
  applicantOn,
  page,
  open,
}) => {
  const user = await applicantOn("/mypage", "corporate", { financialDone: true, withdrawalDone: true });

  // withdrawalDone's みどり銀行 is not in the Zengin directory.
  await open("/profile/before_entry");
  const unknown = page.getByRole("group", { name: "お振込先口座" });
  await expect(unknown).toContainText("みどり銀行");
  await expect(unknown).toContainText(
    "金融機関の一覧にない名称のため、金融機関コード・支店コードは表示していません。",
  );
  await expect(unknown).toContainText("本店営業部");
  await expect(unknown).toContainText("2345678");
  await expect(unknown).not.toContainText("コード 0");
  await screenshots(page, "before-entry-unknown-bank");

  await user.send("PATCH", "/api/draft_entry/", { bank_account: PAYOUT_ACCOUNT });
  await open("/profile/before_entry");
  await expectFullAccount(page, "お振込先口座");
  await screenshots(page, "before-entry-payout-account");
});

/** The main brand's return account as every page shows it (app/brand/brands.ts, returnAccountLines). */
const RETURN_ACCOUNT = {
  heading: "ご返金の振込先（サキドリ株式会社の口座）",
  terms: ["銀行", "支店", "種目", "口座番号", "口座名義"],
  values: ["サキドリ銀行（0999）", "本店営業部（001）", "普通", "1234567", "ｻｷﾄﾞﾘ(ｶ"],
};

/** How many lines an element's text takes: the distinct tops of its text's line boxes. */
async function linesOf(text: string, within: ReturnType<Page["getByRole"]>) {
  return within.getByText(text, { exact: true }).evaluate((element) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/**
 * On a 375 px phone: the return account in a region of its own, under its heading, every part on its
 * own line and no name broken; the owner's payout account in another group that holds none of it.
 */
async function expectReturnAccountApart(page: Page, payoutLabel: string, name: string) {
  const box = page.getByRole("region", { name: RETURN_ACCOUNT.heading });
  await box.screenshot({ path: test.info().outputPath(`${name}-return-account.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(box.getByRole("heading", { name: RETURN_ACCOUNT.heading })).toBeVisible();
  await expect(box.getByRole("term")).toHaveText(RETURN_ACCOUNT.terms);
  await expect(box.getByRole("definition")).toHaveText(RETURN_ACCOUNT.values);
  for (const value of RETURN_ACCOUNT.values) {
    expect(await linesOf(value, box), `「${value}」 on one line at 375 px`).toBe(1);
  }
  const payout = page.getByRole("group", { name: payoutLabel });
  await expect(payout).toContainText("三井住友銀行");
  await expect(payout).not.toContainText("ｻｷﾄﾞﾘ(ｶ");
  await expect(payout).not.toContainText("サキドリ銀行");
  await expect(box).not.toContainText("三井住友銀行");
  await box.screenshot({ path: test.info().outputPath(`${name}-return-account-phone.png`) });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the return account in full (bank and branch with codes, 種目, number, 名義), apart from the payout account, never broken at 375 px, on the contract, the detail and the agreement", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, entry } = await reviewedEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);

  await open(`/entry/contract/${entry.id}`);
  await expectReturnAccountApart(page, "買取代金のお振込先", "contract");

  await open(`/entry/${entry.id}/factoring_service_agreement`);
  await expect(
    page.getByText(
      /振込先：銀行 サキドリ銀行（0999）、支店 本店営業部（001）、種目 普通、口座番号 1234567、口座名義 ｻｷﾄﾞﾘ\(ｶ/,
    ),
  ).toBeVisible();
  await expectReturnAccountApart(page, "譲渡代金の振込先（甲の口座）", "agreement");

  runOperator("mark-contracted", String(entry.id));
  await open(`/entry/detail/${entry.id}`);
  await expectReturnAccountApart(page, "お振込先口座", "detail");

  // Once every return is received there is nothing to send: the account is no longer asked for.
  runOperator("mark-transferred", String(entry.id));
  for (const claimId of entry.claimIds) runOperator("mark-returned", String(claimId));
  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByRole("heading", { name: RETURN_ACCOUNT.heading })).toHaveCount(0);
});
