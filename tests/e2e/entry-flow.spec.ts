// Issue 5's whole journey, JavaScript on and off: from an empty draft to /entry/complete for a
// corporation and for a sole proprietor, with real PDF and PNG files; the entry then shows on My page
// as under review. Also: the draft survives a logout half-way, skipping ahead is redirected, and a
// double submit makes one entry.

import { type Locator, type Page, type TestInfo, expect, test } from "@playwright/test";
import { pdfFile, pngFile } from "./files";
import { isJavaScriptOn, openPage, upstreamDatabase } from "./support";
import { GOOD_CLAIM, fillClaim, fillEntryFields, uploadClaimFile } from "./support-wizard-invoice";
import { type WizardUser, logInAs, readyToApply, uploadAndWait } from "./support-wizard-steps";

const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label} ※必須$`));

async function answer(page: Page, testInfo: TestInfo, option: string) {
  await page.getByRole("radio", { name: option, exact: true }).check();
  if (!isJavaScriptOn(testInfo)) {
    await page.getByRole("button", { name: "回答を保存して必要な書類を表示する" }).click();
    await expect(page).toHaveURL(/\/entry\?saved=1#documents$/);
  }
}

async function invoiceStep(page: Page, testInfo: TestInfo) {
  await openPage(page, "/entry/entry_invoice", testInfo);
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page.getByText("下書きを保存しました")).toBeVisible();
  await uploadClaimFile(page, testInfo, 1, "請求書", pdfFile("invoice-1.pdf"));
  await uploadClaimFile(page, testInfo, 1, "追加書類（任意）", pngFile("contract.png"));
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/entry$/);
}

async function financialStep(page: Page, testInfo: TestInfo, division: "corporate" | "individual") {
  if (division === "corporate") {
    await answer(page, testInfo, "いいえ（試算表を提出する）");
    await uploadAndWait(page, testInfo, "試算表（損益計算書）", pdfFile("tb-pl.pdf"));
    await uploadAndWait(page, testInfo, "試算表（貸借対照表）", pngFile("tb-bs.png"));
  } else {
    await answer(page, testInfo, "いいえ（開業届の控えを提出する）");
    await uploadAndWait(
      page,
      testInfo,
      "開業届（個人事業の開業・廃業等届出書）の控え",
      pdfFile("opening.pdf"),
    );
  }
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
}

async function withdrawalStep(page: Page, testInfo: TestInfo) {
  const statement = page.locator("#bank-1");
  await field(statement, "金融機関名").fill("みどり銀行");
  await field(statement, "口座番号").fill("1234567");
  await statement.getByRole("button", { name: "入力内容を保存" }).click();
  await expect(page).toHaveURL(/saved=1/);
  await uploadAndWait(page, testInfo, "通帳の表紙（口座1）", pngFile("cover.png"));
  await uploadAndWait(page, testInfo, "入出金のページ（口座1）", pdfFile("passbook.pdf"));
  const payout = page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
  await field(payout, "金融機関名").fill("みどり銀行");
  await field(payout, "支店名").fill("本店営業部");
  await field(payout, "口座番号").fill("2345678");
  await field(payout, "口座名義（カナ）").fill("ｶ)ﾃｽﾄｼﾖｳｼﾞ");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/profile\/before_entry$/);
}

function entriesOf(user: WizardUser): { status: number; claims: number }[] {
  const db = upstreamDatabase();
  try {
    return db
      .prepare(
        "SELECT status, (SELECT COUNT(*) FROM claims WHERE entry_id = entries.id) AS claims FROM entries WHERE user_id = ?",
      )
      .all(user.id) as { status: number; claims: number }[];
  } finally {
    db.close();
  }
}

for (const division of ["corporate", "individual"] as const) {
  test(`a ${division === "corporate" ? "corporation" : "sole proprietor"} goes from an empty draft to /entry/complete, and the entry is on My page under review`, async ({
    page,
  }, testInfo) => {
    const user = await readyToApply(testInfo, division);
    await logInAs(page, testInfo, user);
    await invoiceStep(page, testInfo);
    await financialStep(page, testInfo, division);
    await withdrawalStep(page, testInfo);

    await expect(page.getByRole("heading", { name: "会員情報の確認とお申し込み" })).toBeVisible();
    await expect(page.getByText("1,000,000円").first()).toBeVisible();
    await page.getByRole("button", { name: "この内容で申し込む" }).click();
    await expect(page).toHaveURL(/\/entry\/complete$/);
    await expect(page.getByRole("heading", { name: "お申し込みを受け付けました" })).toBeVisible();

    expect(entriesOf(user)).toEqual([{ status: 1, claims: 1 }]);
    await openPage(page, "/mypage", testInfo);
    await expect(page.getByText("審査中").first()).toBeVisible();
  });
}

test("the draft survives a logout half-way; skipping ahead is sent back; a double submit makes one entry", async ({
  page,
}, testInfo) => {
  const user = await readyToApply(testInfo, "corporate");
  await logInAs(page, testInfo, user);

  // Skipping ahead to the withdrawal step with nothing done lands on the invoice step.
  await openPage(page, "/entry/withdrawal_details", testInfo);
  await expect(page).toHaveURL(/\/entry\/entry_invoice$/);

  await invoiceStep(page, testInfo);
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInAs(page, testInfo, user);
  await openPage(page, "/entry/entry_invoice", testInfo);
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "invoice-1.pdf",
  );

  await openPage(page, "/entry", testInfo);
  await financialStep(page, testInfo, "corporate");
  await withdrawalStep(page, testInfo);

  // Two submits of the same page (a double click, or a resubmitted form): one entry.
  const submit = () =>
    page.request.post("/profile/before_entry", { form: {}, headers: { Origin: new URL(page.url()).origin } });
  const [first, second] = await Promise.all([submit(), submit()]);
  expect([first.status(), second.status()].every((status) => status < 500)).toBe(true);
  await expect.poll(() => entriesOf(user).length).toBe(1);
});
