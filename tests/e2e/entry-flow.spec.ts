// The entry wizard's whole journey, JavaScript on and off: from an empty draft to /entry/complete for a
// corporation and for a sole proprietor, with real PDF and PNG files; the entry then shows on My page
// as under review. Also: the draft survives a logout half-way, skipping ahead is redirected, and a
// double submit makes one entry.

import { expect, test } from "./fixtures";
import { mailsTo } from "./support";
import { entriesOf, financialStep, invoiceStep, withdrawalStep } from "./support-wizard-run";

for (const division of ["corporate", "individual"] as const) {
  test(`a ${division === "corporate" ? "corporation" : "sole proprietor"} goes from an empty draft to /entry/complete, and the entry is on My page under review`, async ({
    page,
    open,
    logInAs,
    readyToApply,
  }, testInfo) => {
    const user = await readyToApply(division);
    await logInAs(user);
    await invoiceStep(page, testInfo);
    await financialStep(page, testInfo, division);
    await withdrawalStep(page, testInfo);

    await expect(page.getByRole("heading", { name: "会員情報の確認とお申し込み" })).toBeVisible();
    await expect(page.getByText("1,000,000円").first()).toBeVisible();
    await page.getByRole("button", { name: "この内容で申し込む" }).click();
    await expect(page).toHaveURL(/\/entry\/complete\?entry=\d+$/);
    await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();

    expect(entriesOf(user)).toEqual([{ status: 1, claims: 1 }]);
    // The page promises the review's result by mail; the receipt comes first, linking to the entry.
    const receipts = mailsTo(user.email, "entry_received");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain("お申し込みを受け付けました");
    expect(receipts[0]!.link).toMatch(/\/entry\/detail\/\d+$/);
    await open("/mypage");
    await expect(page.getByText("審査中").first()).toBeVisible();

    // The documents just sent are received, not reviewed yet: never 未提出 (§4 nothing).
    await page
      .getByRole("link", { name: /の詳細を見る$/ })
      .first()
      .click();
    const facts = page.locator("main dl");
    // A sole proprietor's financial documents are the 確定申告書.
    const financial = division === "corporate" ? "決算書類" : "確定申告書";
    for (const group of [financial, "入出金明細", "請求書"]) {
      await expect(
        facts.locator("div", { has: page.locator("dt", { hasText: `${group}の確認状況` }) }).first(),
      ).toContainText("受付済み");
    }
    await expect(page.locator("main")).not.toContainText("未提出");
  });
}

test("the draft survives a logout half-way; skipping ahead is sent back; a double submit makes one entry", async ({
  page,
  open,
  logInAs,
  readyToApply,
}, testInfo) => {
  const user = await readyToApply("corporate");
  await logInAs(user);

  // Skipping ahead to the withdrawal step with nothing done lands on the invoice step.
  await open("/entry/withdrawal_details");
  await expect(page).toHaveURL(/\/entry\/entry_invoice\?error=unfinished_invoices$/);

  await invoiceStep(page, testInfo);
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInAs(user, "/entry/entry_invoice");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "invoice-1.pdf",
  );

  await open("/entry");
  await financialStep(page, testInfo, "corporate");
  await withdrawalStep(page, testInfo);

  // Two submits of the same page (a double click, or a resubmitted form): one entry.
  const submit = () =>
    page.request.post("/profile/before_entry", { form: {}, headers: { Origin: new URL(page.url()).origin } });
  const [first, second] = await Promise.all([submit(), submit()]);
  expect([first.status(), second.status()].every((status) => status < 500)).toBe(true);
  await expect.poll(() => entriesOf(user).length).toBe(1);
});
