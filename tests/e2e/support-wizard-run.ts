// The wizard as a person goes through it, step by step in the browser, for the specs that need a
// whole run: the entry flow, and the entry write whose answer is lost (exactly one entry, still accepted).

import { type Locator, type Page, type TestInfo, expect } from "@playwright/test";
import { pdfFile, pngFile } from "./files";
import { isJavaScriptOn, openPage, upstreamDatabase } from "./support";
import { GOOD_CLAIM, fillClaim, fillEntryFields, uploadClaimFile } from "./support-wizard-invoice";
import { type WizardUser, uploadAndWait } from "./support-wizard-steps";

const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label} ※必須$`));

async function answer(page: Page, testInfo: TestInfo, option: string) {
  await page.getByRole("radio", { name: option, exact: true }).check();
  if (!isJavaScriptOn(testInfo)) {
    await page.getByRole("button", { name: "回答を保存して必要な書類を表示する" }).click();
    await expect(page).toHaveURL(/\/entry\?saved=1#documents$/);
  }
}

export async function invoiceStep(page: Page, testInfo: TestInfo) {
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

export async function financialStep(page: Page, testInfo: TestInfo, division: "corporate" | "individual") {
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

export async function withdrawalStep(page: Page, testInfo: TestInfo) {
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

export function entriesOf(user: WizardUser): { status: number; claims: number }[] {
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

/** The user's entries with their ids and numbers (申込番号), oldest first. */
export function entryNumbersOf(user: WizardUser): { id: number; code: string }[] {
  const db = upstreamDatabase();
  try {
    return db.prepare("SELECT id, code FROM entries WHERE user_id = ? ORDER BY id").all(user.id) as {
      id: number;
      code: string;
    }[];
  } finally {
    db.close();
  }
}
