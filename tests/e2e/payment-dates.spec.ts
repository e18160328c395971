// Payment dates and the claims' total on the invoice step (JavaScript on and off): a payment date banks
// are closed on gets a hint naming the business day the money will arrive (at once with JavaScript, after
// a save without), a date more than a year ahead is refused at its field with everything else kept, and
// the total of the claims stands beside the desired purchase amount.

import { japanDate } from "../../app/domain/japan-date";
import { isoDateFromToday } from "../fixtures/dates";
import { expect, test } from "./fixtures";
import { GOOD_CLAIM, claim, fillClaim, fillEntryFields, press } from "./support-wizard-invoice";

/** The next 元日 (1 January) after today in Japan: never more than a year ahead. */
const nextNewYearsDay = () => `${Number(japanDate(new Date()).slice(0, 4)) + 1}-01-01`;

const PAYMENT_DATE = "入金予定日（支払期日）";

test("a payment date on 元日 gets the hint naming the next business day, tied to the field", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("holiday");
  const date = claim(page, 1).getByLabel(PAYMENT_DATE, { exact: false });
  const notice = claim(page, 1).getByRole("status").filter({ hasText: "銀行休業日" });
  await date.fill(nextNewYearsDay());
  const hint =
    /\d{4}年1月1日（[日月火水木金土]・元日）は銀行休業日のため、入金は翌営業日の\d{4}年1月\d{1,2}日（[月火水木金]）になる見込みです。/;
  if (javaScript) {
    // As soon as the date is picked, before anything is sent.
    await expect(notice).toHaveText(hint);
    await expect(date).toHaveAccessibleDescription(hint);
  }
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();
  await expect(date).toHaveValue(nextNewYearsDay());
  await expect(notice).toHaveText(hint);
  await expect(date).toHaveAccessibleDescription(hint);
  // A hint, not an error: nothing is refused.
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a payment date 13 months ahead is refused at its field, and what was typed is kept", async ({
  page,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("too-far");
  const farDate = isoDateFromToday(396);
  await fillEntryFields(page);
  await fillClaim(page, 1, { ...GOOD_CLAIM, date: farDate });
  await press(page, "下書き保存");

  const message = /入金予定日は1年以内の日付を入力してください（\d{4}年\d{1,2}月\d{1,2}日（.）まで）。/;
  await expect(page.getByRole("alert").filter({ hasText: "入力内容をご確認ください" })).toContainText(
    message,
  );
  const first = claim(page, 1);
  const date = first.getByLabel(PAYMENT_DATE, { exact: false });
  await expect(date).toHaveAccessibleDescription(message);
  await expect(date).toHaveValue(farDate);
  await expect(page.getByLabel("希望買取額（円）", { exact: false })).toHaveValue("1,000,000");
  await expect(first.getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社売掛先");
  await expect(first.getByLabel("請求書額面（税込・円）", { exact: false })).toHaveValue("1,100,000");
  await expect(first.getByLabel("金融機関名", { exact: false })).toHaveValue("みどり銀行");
});

test("the total of the claims shows beside the desired purchase amount, with a note when it is above the deposits", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("totals");
  const totals = page.getByRole("status").filter({ hasText: "請求書1件の合計" });
  const desired = page.getByLabel("希望買取額（円）", { exact: false });
  await expect(totals).toContainText("請求書額面（税込）0円");

  await fillEntryFields(page, "5000000");
  await fillClaim(page, 1, GOOD_CLAIM);
  const note = "希望買取額が、売掛先からの銀行振込金額の合計（1,000,000円）を上回っています。";
  if (javaScript) {
    // Grouped as typed (full-width digits too), and the totals follow at once.
    await expect(desired).toHaveValue("5,000,000");
    await expect(claim(page, 1).getByLabel("売掛先からの銀行振込金額（円）", { exact: false })).toHaveValue(
      "1,000,000",
    );
    await expect(totals).toContainText("請求書額面（税込）1,100,000円");
    await expect(totals).toContainText("売掛先からの銀行振込金額1,000,000円");
    await expect(totals).toContainText(note);
  }
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();
  await expect(totals).toContainText("請求書額面（税込）1,100,000円");
  await expect(totals).toContainText("売掛先からの銀行振込金額1,000,000円");
  await expect(totals).toContainText(note);
  await expect(desired).toHaveAccessibleDescription(/請求書1件の合計/);
});
