// JavaScript on and off: one deadline for a payment date on a bank holiday (the next business day),
// given alike by the invoice step's hint, the contract page, the detail, My page and the .ics; and the
// invoice step refuses a payment date before the earliest payout, saying the rule.

import { addDays, bankClosure } from "../../app/domain/bank-calendar";
import { InvoiceStepMessage } from "../../app/domain/invoice-step";
import { formatJapaneseDate, japanDate } from "../../app/domain/japan-date";
import { earliestPaymentDate, returnDeadline } from "../../app/domain/return-deadline";
import { bankCalendar } from "../../app/lookup/japan-holidays.server";
import { validClaim } from "../fixtures/entry-body";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";
import { GOOD_CLAIM, claim, fillClaim, fillEntryFields, press } from "./support-wizard-invoice";

const TODAY = japanDate(new Date());
const calendar = bankCalendar(TODAY, addDays(TODAY, 400));
const EARLIEST = earliestPaymentDate(TODAY, calendar);

/** The next of 12/31, 1/1, 1/2, 1/11, 2/11 that banks are closed on and the invoice step accepts. */
function nextHoliday(): string {
  const year = Number(TODAY.slice(0, 4));
  const candidates = [year, year + 1].flatMap((y) => [
    `${y}-01-01`,
    `${y}-01-02`,
    `${y}-01-11`,
    `${y}-02-11`,
    `${y}-12-31`,
  ]);
  const date = candidates
    .sort()
    .find((day) => day >= addDays(EARLIEST, 7) && bankClosure(day, calendar) !== null);
  if (!date) throw new Error("no bank holiday ahead among the candidates");
  return date;
}

const HOLIDAY = nextHoliday();
const DEADLINE = returnDeadline(HOLIDAY, calendar);
const PAYMENT_DATE = "入金予定日（支払期日）";

test("the invoice step's hint, the contract page, the detail, My page and the .ics give one deadline for a holiday payment date: the next business day", async ({
  page,
  freshEmail,
  logIn,
  open,
  applicantOnInvoiceStep,
}) => {
  expect(DEADLINE > HOLIDAY).toBe(true);
  const deadline = formatJapaneseDate(DEADLINE);

  await applicantOnInvoiceStep("holiday-deadline");
  await fillEntryFields(page);
  await fillClaim(page, 1, { ...GOOD_CLAIM, date: HOLIDAY });
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();
  const notice = claim(page, 1).getByRole("status").filter({ hasText: "銀行休業日" });
  await expect(notice).toContainText(
    `入金は翌営業日の${deadline}になる見込みです。ご返金の期日もこの日になります。`,
  );

  const email = freshEmail("holiday-deadline");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({ claims: [validClaim({ obliger_payment_date: HOLIDAY })] });
  reviewClaims([entry.claimIds[0]]);
  await page.context().clearCookies();
  await logIn(email, STRONG_PASSWORD);

  await open(`/entry/contract/${entry.id}`);
  await expect(page.getByRole("region", { name: /^請求書1/ })).toContainText(`返金期日${deadline}`);

  runOperator("mark-contracted", String(entry.id));
  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByRole("group", { name: "請求書1のご返金" })).toContainText(
    formatJapaneseDate(DEADLINE),
  );

  await open("/mypage");
  const card = page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem").first();
  await expect(card).toContainText("次の返金期日");
  await expect(card).toContainText(formatJapaneseDate(DEADLINE));

  const ics = (await (await page.request.get(`/entry/detail/${entry.id}/return.ics`)).text()).replace(
    /\r\n /g,
    "",
  );
  expect(ics).toContain(`DTSTART;VALUE=DATE:${DEADLINE.replace(/-/g, "")}`);
  expect(ics).not.toContain(`DTSTART;VALUE=DATE:${HOLIDAY.replace(/-/g, "")}`);
});

test("the invoice step refuses a payment date before the earliest payout, saying the rule, and keeps what was typed", async ({
  page,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("too-soon");
  const tooSoon = addDays(EARLIEST, -1);
  await fillEntryFields(page);
  await fillClaim(page, 1, { ...GOOD_CLAIM, date: tooSoon });
  await press(page, "下書き保存");
  const message = InvoiceStepMessage.paymentDateTooSoon(EARLIEST);
  await expect(page.getByRole("alert").filter({ hasText: "入力内容をご確認ください" })).toContainText(
    message,
  );
  const date = claim(page, 1).getByLabel(PAYMENT_DATE, { exact: false });
  await expect(date).toHaveAccessibleDescription(new RegExp(message.replace(/[()（）.*+?]/g, ".")));
  await expect(date).toHaveValue(tooSoon);
});
