// Nothing entered so far is lost: on every wizard step, text typed and not yet saved is
// still there after an upload, and a file chosen is sent whichever button is pressed. With
// JavaScript the file goes on its own and the inputs are left alone; without it the step's form
// carries the chosen files, so what was typed is saved in the draft first and each chosen file is
// sent (decision 0007).

import { type Page, type TestInfo, expect, test } from "./fixtures";
import { UploadRuleMessage } from "../../app/domain/upload-rules";
import { type FilePayload, oversizePdf, pdfFile, pngFile } from "./files";
import { isJavaScriptOn, openPage } from "./support";
import { GOOD_CLAIM, claim, fillClaim, fillEntryFields, press } from "./support-wizard-invoice";

/** Away to My page and back: what the draft holds is what the page shows. */
async function leaveAndReturn(page: Page, path: string, testInfo: TestInfo) {
  await openPage(page, "/mypage", testInfo);
  await openPage(page, path, testInfo);
}

test("invoice step: the amount, the purpose and a claim's fields typed before an upload are kept", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
  uploadClaimFile,
}, testInfo) => {
  await applicantOnInvoiceStep("keep-invoice");
  const amount = page.getByLabel("希望買取額（円）", { exact: false });
  const purpose = page.getByLabel("資金使途", { exact: false });
  const company = claim(page, 1).getByLabel("売掛先の会社名", { exact: false });
  await amount.fill("2,500,000");
  await purpose.fill("外注費の支払い");
  await company.fill("株式会社入力途中");

  await uploadClaimFile(1, "請求書", pdfFile("seikyusho.pdf"));
  await expect(amount).toHaveValue("2,500,000");
  await expect(purpose).toHaveValue("外注費の支払い");
  await expect(company).toHaveValue("株式会社入力途中");

  if (!javaScript) {
    // Saved with the file: still there after leaving the step.
    await leaveAndReturn(page, "/entry/entry_invoice", testInfo);
    await expect(amount).toHaveValue("2,500,000");
    await expect(purpose).toHaveValue("外注費の支払い");
    await expect(company).toHaveValue("株式会社入力途中");
    await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
      "seikyusho.pdf",
    );
  }
});

test("financial step: an answer changed before an upload is kept", async ({
  page,
  javaScript,
  uploadAndWait,
  applicantOn,
}, testInfo) => {
  const user = await applicantOn("/entry", "corporate");
  await page.getByRole("radio", { name: "はい（決算書を提出する）" }).check();
  await page.getByRole("radio", { name: "はい（明細も提出する）" }).check();
  if (!javaScript) {
    // Without JavaScript the slots follow the answers once they are sent.
    await page.getByRole("button", { name: "回答を保存して必要な書類を表示する" }).click();
    await expect(page.getByLabel("損益計算書", { exact: true })).toBeVisible();
  }
  // Changed, not saved, then a file.
  await page.getByRole("radio", { name: "いいえ（明細はない）" }).check();
  await uploadAndWait("損益計算書", pdfFile("pl.pdf"));
  await expect(page.getByRole("radio", { name: "いいえ（明細はない）" })).toBeChecked();

  if (!javaScript) {
    await leaveAndReturn(page, "/entry", testInfo);
    await expect(page.getByRole("radio", { name: "いいえ（明細はない）" })).toBeChecked();
    expect(await user.draft()).toMatchObject({ includes_sga_expenses: false });
  }
});

test("withdrawal step: a statement and the payout account typed before an upload are kept", async ({
  page,
  javaScript,
  uploadAndWait,
  applicantOn,
}, testInfo) => {
  await applicantOn("/entry/withdrawal_details", "corporate", { financialDone: true });
  const bank = page.locator("#bank-1").getByLabel(/^金融機関名 ※必須$/);
  const payoutBranch = page
    .getByRole("group", { name: "お振込先口座（買取代金のお振込先）" })
    .getByLabel(/^支店名 ※必須$/);
  await bank.fill("みどり銀行");
  await payoutBranch.fill("本店営業部");

  await uploadAndWait("通帳の表紙（口座1）", pngFile("cover.png"));
  await expect(bank).toHaveValue("みどり銀行");
  await expect(payoutBranch).toHaveValue("本店営業部");

  if (!javaScript) {
    await leaveAndReturn(page, "/entry/withdrawal_details", testInfo);
    await expect(bank).toHaveValue("みどり銀行");
    await expect(payoutBranch).toHaveValue("本店営業部");
    await expect(
      page.getByRole("list", { name: "通帳の表紙（口座1）のアップロード済みファイル" }),
    ).toContainText("cover.png");
  }
});

/** Chooses a file in a slot without pressing its button; with JavaScript it uploads at once. */
async function choose(page: Page, testInfo: TestInfo, label: string, file: FilePayload) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
  if (isJavaScriptOn(testInfo)) {
    await expect(page.getByRole("list", { name: `${label}のアップロード済みファイル` })).toContainText(
      file.name,
    );
  }
}

test("invoice step: files chosen in two slots go with 次へ, and the step moves on", async ({
  page,
  open,
  applicantOnInvoiceStep,
}, testInfo) => {
  await applicantOnInvoiceStep("chosen-next");
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  await choose(page, testInfo, "請求書1の請求書", pdfFile("seikyusho.pdf"));
  await choose(page, testInfo, "請求書1の追加書類（任意）", pngFile("keiyakusho.png"));
  await press(page, "次へ（決算書類）");
  await expect(page).toHaveURL(/\/entry$/);

  await open("/entry/entry_invoice");
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "seikyusho.pdf",
  );
  await expect(
    page.getByRole("list", { name: "請求書1の追加書類（任意）のアップロード済みファイル" }),
  ).toContainText("keiyakusho.png");
  await expect(claim(page, 1).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社売掛先");
});

test("financial step: both trial-balance files chosen go with 次へ", async ({
  page,
  javaScript,
  applicantOn,
}, testInfo) => {
  await applicantOn("/entry", "corporate");
  await page.getByRole("radio", { name: "いいえ（試算表を提出する）" }).check();
  if (!javaScript) {
    await page.getByRole("button", { name: "回答を保存して必要な書類を表示する" }).click();
  }
  await choose(page, testInfo, "試算表（損益計算書）", pdfFile("tb-pl.pdf"));
  await choose(page, testInfo, "試算表（貸借対照表）", pdfFile("tb-bs.pdf"));
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
});

test("invoice step: a file over 10 MiB sent with 下書き保存 is refused at its slot, and what was typed is saved", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}, testInfo) => {
  await applicantOnInvoiceStep("oversize-save");
  const purpose = page.getByLabel("資金使途", { exact: false });
  const company = claim(page, 1).getByLabel("売掛先の会社名", { exact: false });
  const slot = page
    .locator(".upload-slot")
    .filter({ has: page.getByLabel("請求書1の請求書", { exact: true }) });
  const refused = `エラー：アップロードエラー (${UploadRuleMessage.tooLarge})`;
  await purpose.fill("外注費の支払い");
  await company.fill("株式会社入力途中");
  // 11 MiB: without JavaScript the whole step's post is that much and more.
  await page.getByLabel("請求書1の請求書", { exact: true }).setInputFiles(oversizePdf("scan-11mb.pdf"));
  if (javaScript) await expect(slot.getByRole("alert")).toHaveText(refused);
  await press(page, "下書き保存");

  if (!javaScript) {
    // The step comes back, not the 413 screen: the same words at the slot as with JavaScript.
    await expect(slot.getByRole("alert")).toHaveText(refused);
    await expect(purpose).toHaveValue("外注費の支払い");
    await expect(company).toHaveValue("株式会社入力途中");
  }
  await expect(page.getByText("エラーコード: 413")).toHaveCount(0);
  await leaveAndReturn(page, "/entry/entry_invoice", testInfo);
  await expect(purpose).toHaveValue("外注費の支払い");
  await expect(company).toHaveValue("株式会社入力途中");
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toHaveCount(0);
});
