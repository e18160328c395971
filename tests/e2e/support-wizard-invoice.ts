// Fixtures for the invoice step: a user who may start a new entry (§4: identity confirmed, no entry
// before contract), logged in through the app, and the step's form filled as a person fills it.

import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { type Locator, type Page, type TestInfo, expect } from "@playwright/test";
import { STRONG_PASSWORD, logIn, openPage, uniqueEmail, uploadInto } from "./support";
import { UpstreamUser, runOperator } from "./support-account";
import type { FilePayload } from "./files";

export const INVOICE_STEP_URL = "/entry/entry_invoice";

/** A new user whose identity the operator confirmed, logged in and on the invoice step. */
export async function applicantOnInvoiceStep(page: Page, testInfo: TestInfo, label = "invoice") {
  const email = uniqueEmail(testInfo, label);
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  await logIn(page, testInfo, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await openPage(page, INVOICE_STEP_URL, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "請求書の情報" })).toBeVisible();
  return { email, user };
}

/** Claim n's group (fieldset 「請求書n」). */
export function claim(page: Page, n: number): Locator {
  return page.getByRole("group", { name: `請求書${n}`, exact: true });
}

export interface ClaimInput {
  company: string;
  houjinbangou?: string;
  address?: string;
  amount: string;
  deposit: string;
  date: string;
  fixed: "はい" | "いいえ";
  transfer: "はい" | "いいえ";
  bank: string;
  depositType?: "普通" | "当座";
  accountNumber: string;
  holder?: string;
}

export const GOOD_CLAIM: ClaimInput = {
  company: "株式会社売掛先",
  houjinbangou: "7123456789012",
  address: "東京都千代田区丸の内1-1",
  amount: "1,100,000",
  deposit: "１００００００",
  date: FUTURE_PAYMENT_DATE,
  fixed: "はい",
  transfer: "はい",
  bank: "みどり銀行",
  depositType: "当座",
  accountNumber: "1234567",
  holder: "ｶ)ｳﾘｶｹｻｷ",
};

export async function fillClaim(page: Page, n: number, input: ClaimInput) {
  const group = claim(page, n);
  await group.getByLabel("売掛先の会社名", { exact: false }).fill(input.company);
  if (input.houjinbangou !== undefined) {
    await group.getByLabel("売掛先の法人番号", { exact: false }).fill(input.houjinbangou);
  }
  if (input.address !== undefined)
    await group.getByLabel("売掛先の所在地", { exact: false }).fill(input.address);
  await group.getByLabel("請求書額面（税込・円）", { exact: false }).fill(input.amount);
  await group.getByLabel("売掛先からの銀行振込金額（円）", { exact: false }).fill(input.deposit);
  await group.getByLabel("入金予定日（支払期日）", { exact: false }).fill(input.date);
  await group
    .getByRole("group", { name: /請求金額は確定していますか/ })
    .getByRole("radio", { name: input.fixed })
    .check();
  await group
    .getByRole("group", { name: /銀行振込で支払われますか/ })
    .getByRole("radio", { name: input.transfer })
    .check();
  await group.getByLabel("金融機関名", { exact: false }).fill(input.bank);
  // With JavaScript the bank's matches open over the next fields as you type: leave the field, as a
  // person moving on does, so they close.
  await group.getByLabel("金融機関名", { exact: false }).blur();
  if (input.depositType) {
    await group
      .getByRole("group", { name: /預金種目/ })
      .getByRole("radio", { name: input.depositType })
      .check();
  }
  await group.getByLabel("口座番号", { exact: false }).fill(input.accountNumber);
  if (input.holder !== undefined) await group.getByLabel("振込名義1", { exact: false }).fill(input.holder);
}

export async function fillEntryFields(page: Page, amount = "1,000,000", purpose = "仕入れ代金の支払い") {
  await page.getByLabel("希望買取額（円）", { exact: false }).fill(amount);
  await page.getByLabel("資金使途", { exact: false }).fill(purpose);
}

/** Uploads into claim n's slot (「請求書nの請求書」 or 「請求書nの追加書類（任意）」) and waits for the list. */
export async function uploadClaimFile(
  page: Page,
  testInfo: TestInfo,
  n: number,
  slot: "請求書" | "追加書類（任意）",
  file: FilePayload,
) {
  const label = `請求書${n}の${slot}`;
  await uploadInto(page, testInfo, label, file);
  await expect(page.getByRole("list", { name: `${label}のアップロード済みファイル` })).toContainText(
    file.name,
  );
}

/** Presses a button of the step's form (the page's answer is awaited by the next expectation). */
export async function press(page: Page, name: string | RegExp, scope?: Locator) {
  await (scope ?? page).getByRole("button", { name, exact: typeof name === "string" }).click();
}
