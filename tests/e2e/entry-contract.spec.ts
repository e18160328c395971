// After submission, JavaScript on and off, with the operator command driving the review: a
// reviewed entry → the agreement, filled with its figures → the contract (consent required) → the
// detail after contract (payout being prepared) → transferred (the payout date, each claim's return
// date, amount and account, the calendar file) → delay (what is late and what to do) → returned.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD, mailsTo } from "./support";
import { markDelayAfterDeadline, runOperator, UpstreamUser, reviewClaims } from "./support-account";

async function reviewedEntry(freshEmail: (label?: string) => string) {
  const email = freshEmail("contract");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  reviewClaims([entry.claimIds[0]], { decision: "can_buy", principal: 1_000_000 });
  return { email, entry };
}

test("reviewed → agreement → contract (consent required) → transferred → delay → returned, each on the detail page", async ({
  page,
  freshEmail,
  logIn,
  open,
  hydrated,
}) => {
  const { email, entry } = await reviewedEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/detail/${entry.id}`);

  // The agreement, filled with the entry's figures.
  await page.getByRole("link", { name: "ファクタリングサービス契約書を読む" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/${entry.id}/factoring_service_agreement$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ファクタリングサービス契約書");
  const schedule = page.getByRole("table", { name: /請求書1/ });
  await expect(schedule).toContainText("株式会社売掛先");
  await expect(schedule).toContainText("854,340円");
  await expect(page.getByText(/振込先：銀行 サキドリ銀行（0999）、支店 本店営業部（001）/)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("agreement-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The contract: the figures once more; no consent, no contract.
  await open(`/entry/detail/${entry.id}`);
  await page.getByRole("link", { name: "ご契約の手続きへ進む" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/contract/${entry.id}$`));
  await hydrated();
  await expect(page.getByRole("group", { name: "請求書1の買取条件" })).toContainText("854,340円");
  // The day the price is paid, as the agreement promises it: the next business day after the contract.
  await expect(page.getByRole("region", { name: "契約の当事者と日付" })).toContainText(
    /買取代金のお振込日\d{4}年\d{1,2}月\d{1,2}日（.）まで契約日の翌営業日までにお振り込みします。/,
  );
  const consent = page.getByRole("region", { name: "契約内容への同意" });
  await consent.getByRole("button", { name: "同意して契約する" }).click();
  await expect(consent.getByRole("alert")).toContainText("契約内容に同意してください。");
  await expect(page).toHaveURL(new RegExp(`/entry/contract/${entry.id}$`));
  await consent.getByLabel(/ファクタリングサービス契約書と上記の買取条件に同意します/).check();
  await consent.getByRole("button", { name: "同意して契約する" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/contract/complete\\?entry=${entry.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ご契約ありがとうございます");
  await expect(page.getByText("契約締結のお知らせ")).toBeVisible();
  // The button to the detail is its own mark: no list bullet beside it.
  const detailButton = page.getByRole("link", { name: "お申し込みの詳細を見る" });
  expect(await detailButton.evaluate((link) => getComputedStyle(link.parentElement!).listStyleType)).toBe(
    "none",
  );
  const receipts = mailsTo(email, "entry_contracted");
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.body).toContain("お受け取り額 854,340円");

  // After contract: the payout is on its way, the return is due on the debtor's payment date.
  await page.getByRole("link", { name: "お申し込みの詳細を見る" }).click();
  await expect(
    page.getByRole("list", { name: "お申し込みの進み具合" }).locator('[aria-current="step"]'),
  ).toContainText("ご契約");
  const payout = page.getByRole("region", { name: "お振込とご返金" });
  await expect(payout).toContainText("お振込の準備中です");
  await expect(page.getByRole("region", { name: "お申し込みのキャンセル" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "ご契約の手続きへ進む" })).toHaveCount(0);
  // A replayed contract page says so and offers no form.
  await open(`/entry/contract/${entry.id}`);
  await expect(page.getByRole("alert")).toContainText("このお申し込みはご契約済みです。");
  await expect(page.getByRole("button", { name: "同意して契約する" })).toHaveCount(0);

  runOperator("mark-transferred", String(entry.id));
  await open(`/entry/detail/${entry.id}`);
  // Paid out is the provider's transfer to the user, never 入金済み (the debtor has not paid yet).
  await expect(page.locator("main")).toContainText("買取代金お振込済み");
  await expect(page.locator("main")).not.toContainText("入金済み");
  await expect(payout).not.toContainText("お振込の準備中です");
  await expect(payout).toContainText(/お振込日\s*\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(
    payout.getByRole("region", { name: "ご返金の振込先（サキドリ株式会社の口座）" }),
  ).toContainText("1234567");
  const owed = page.getByRole("group", { name: "請求書1のご返金" });
  await expect(owed).toContainText("1,000,000円");
  await expect(owed).toContainText(/返金期日\s*\d{4}年\d{1,2}月\d{1,2}日（.）・あと\d+日/);
  const calendarLink = payout.getByRole("link", { name: /返金期日をカレンダーに登録する/ });
  const calendar = await page.request.get((await calendarLink.getAttribute("href"))!);
  expect(calendar.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await calendar.text()).toContain("BEGIN:VEVENT");

  markDelayAfterDeadline(entry.claimIds[0]!);
  await open(`/entry/detail/${entry.id}`);
  await expect(payout.getByRole("alert")).toContainText("ご返金が遅れています");
  await expect(payout.getByRole("alert").getByRole("listitem")).toHaveText(
    /^請求書1（株式会社売掛先）返金額 1,000,000円返金期日 \d{4}年/,
  );
  await expect(payout.getByRole("alert")).toContainText("至急下記の口座へお振り込みください");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("delay-phone.png"), fullPage: true });

  runOperator("mark-returned", String(entry.claimIds[0]));
  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByRole("group", { name: "請求書1のご返金" })).toContainText("ご返金を確認しました");
  await expect(page.getByRole("region", { name: /請求書1/ }).first()).toContainText("ご返金確認済み");
  await expect(payout.getByRole("alert")).toHaveCount(0);
  await expect(payout.getByRole("link", { name: /カレンダー/ })).toHaveCount(0);
  const road = page.getByRole("list", { name: "お申し込みの進み具合" });
  await expect(road.locator('[aria-current="step"]')).toHaveCount(0);
  await expect(road.getByRole("listitem").last()).toContainText("完了（済み）");
});

test("an entry under review offers no contract: the page says why and sends nothing", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const email = freshEmail("no-contract");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/contract/${entry.id}`);
  await expect(page.getByRole("alert")).toContainText("このお申し込みは、いまはご契約いただけません。");
  await expect(page.getByRole("button", { name: "同意して契約する" })).toHaveCount(0);
  // The agreement says it comes after the review (right-person-pages.spec.ts), not that the page is missing.
  expect((await open(`/entry/${entry.id}/factoring_service_agreement`))?.status()).toBe(409);
});
