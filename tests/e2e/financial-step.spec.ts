// The financial step, /entry (§2 submitFinancialStatements): the required yes/no, the document type
// of §4 and exactly the uploads §5 asks for, the draft kept, and "次へ" to the withdrawal step.
// Every test runs with JavaScript on and off.

import { type Page, type TestInfo, expect, test } from "./fixtures";
import { FinancialStepMessage } from "../../app/domain/financial-step";
import { UploadRuleMessage } from "../../app/domain/upload-rules";
import { pdfFile, pngFile, renamedExecutable } from "./files";
import { isJavaScriptOn } from "./support";

/** Answers a question: with JavaScript the slots follow at once; without, the answer is posted. */
async function answer(page: Page, testInfo: TestInfo, option: string) {
  await page.getByRole("radio", { name: option, exact: true }).check();
  if (!isJavaScriptOn(testInfo)) {
    await page.getByRole("button", { name: "回答を保存して必要な書類を表示する" }).click();
    await expect(page).toHaveURL(/\/entry\?saved=1#documents$/);
  }
}

/** The labels of the upload slots shown, in order. */
const slotLabels = (page: Page) =>
  page.getByRole("list", { name: "アップロードする書類" }).locator("label.field-label");

const summary = (page: Page) => page.locator(".error-summary");

test("a corporation gets the trial balance or the financial statements (with or without SGA expenses) and goes on to the withdrawal step", async ({
  page,
  open,
  uploadAndWait,
  applicantOn,
}, testInfo) => {
  const user = await applicantOn("/entry", "corporate");
  await expect(page).toHaveURL(/\/entry$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("決算書類の提出");
  await expect(page.getByTestId("financial-documents-waiting")).toBeVisible();

  // §5 "A yes/no choice on whether financial statements can be submitted is required."
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(summary(page)).toContainText(FinancialStepMessage.canSubmitRequired);
  await expect(page).toHaveURL(/\/entry$/);

  // §4 false gives trial balance; §5 trial balance needs tb_pl and tb_bs.
  await answer(page, testInfo, "いいえ（試算表を提出する）");
  await expect(page.getByTestId("financial-document-type")).toContainText("試算表");
  await expect(slotLabels(page)).toHaveText(["試算表（損益計算書）", "試算表（貸借対照表）"]);

  // §4 true gives financial statements; §5 pl, bs, breakdown statement plus SGA expenses…
  await answer(page, testInfo, "はい（決算書を提出する）");
  await answer(page, testInfo, "はい（明細も提出する）");
  await expect(page.getByTestId("financial-document-type")).toContainText("決算書");
  await expect(slotLabels(page)).toHaveText([
    "損益計算書",
    "貸借対照表",
    "勘定科目内訳明細書",
    "販売費及び一般管理費の明細",
  ]);
  // …unless the no-SGA flag.
  await answer(page, testInfo, "いいえ（明細はない）");
  await expect(slotLabels(page)).toHaveText(["損益計算書", "貸借対照表", "勘定科目内訳明細書"]);

  // Missing uploads keep the person here, each named.
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(summary(page)).toContainText(FinancialStepMessage.uploadRequired("pl"));
  await expect(summary(page)).toContainText(FinancialStepMessage.uploadRequired("bs"));
  await expect(summary(page)).toContainText(FinancialStepMessage.uploadRequired("breakdown_statement"));
  await expect(summary(page)).not.toContainText(FinancialStepMessage.uploadRequired("sga_expenses"));

  await uploadAndWait("損益計算書", pdfFile("pl.pdf"));
  await uploadAndWait("貸借対照表", pngFile("bs.png"));
  await uploadAndWait("勘定科目内訳明細書", pdfFile("breakdown.pdf"));
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);

  // The draft survives: the answers and the files are there when the person comes back.
  await open("/entry");
  await expect(page.getByRole("radio", { name: "はい（決算書を提出する）" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "いいえ（明細はない）" })).toBeChecked();
  await expect(slotLabels(page)).toHaveText(["損益計算書", "貸借対照表", "勘定科目内訳明細書"]);
  await expect(page.getByRole("list", { name: "貸借対照表のアップロード済みファイル" })).toContainText(
    "bs.png",
  );
  const draft = await user.draft();
  expect(draft).toMatchObject({ can_submit_financial_statements: true, includes_sga_expenses: false });
});

test("an individual gets the e-Tax or document declaration, or the business-opening notice", async ({
  page,
  uploadAndWait,
  applicantOn,
  uploadInto,
}, testInfo) => {
  const user = await applicantOn("/entry", "individual");
  await expect(page).toHaveURL(/\/entry$/);

  // §4 individual: true with e-Tax gives e-Tax declaration; §5 declarations need tax_returns.
  await answer(page, testInfo, "はい（確定申告書を提出する）");
  await expect(page.getByTestId("financial-documents-waiting")).toBeVisible();
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(summary(page)).toContainText(FinancialStepMessage.taxMethodRequired);

  await answer(page, testInfo, "e-Tax（電子申告）で提出した");
  await expect(page.getByTestId("financial-document-type")).toContainText(
    "確定申告書（e-Taxで提出したもの）",
  );
  await expect(slotLabels(page)).toHaveText(["確定申告書"]);
  // True with document gives document declaration.
  await answer(page, testInfo, "書面（税務署の窓口・郵送）で提出した");
  await expect(page.getByTestId("financial-document-type")).toContainText("確定申告書（書面で提出したもの）");
  await expect(slotLabels(page)).toHaveText(["確定申告書"]);

  // False gives business-opening notice; the method is no longer asked.
  await answer(page, testInfo, "いいえ（開業届の控えを提出する）");
  await expect(page.getByTestId("financial-document-type")).toContainText("開業届");
  await expect(slotLabels(page)).toHaveText(["開業届（個人事業の開業・廃業等届出書）の控え"]);
  await expect(page.getByRole("group", { name: /確定申告書の提出方法/ })).toHaveCount(0);

  // A renamed executable is refused at its slot; a PNG is accepted.
  const slot = await uploadInto("開業届（個人事業の開業・廃業等届出書）の控え", renamedExecutable());
  await expect(slot.getByText(UploadRuleMessage.unsupportedType)).toBeVisible();
  await expect(
    page.getByRole("list", {
      name: "開業届（個人事業の開業・廃業等届出書）の控えのアップロード済みファイル",
    }),
  ).toHaveCount(0);
  await uploadAndWait("開業届（個人事業の開業・廃業等届出書）の控え", pngFile("opening.png"));

  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
  expect(await user.draft()).toMatchObject({ can_submit_financial_statements: false });
});

test("下書き保存 keeps the answers and the page; a file can be deleted after a confirmation", async ({
  page,
  uploadAndWait,
  applicantOn,
}, testInfo) => {
  const user = await applicantOn("/entry", "corporate");
  await answer(page, testInfo, "いいえ（試算表を提出する）");
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page).toHaveURL(/\/entry\?saved=1#documents$/);
  await expect(page.getByRole("status")).toHaveText("入力内容を保存しました。");
  expect(await user.draft()).toMatchObject({ can_submit_financial_statements: false });

  await uploadAndWait("試算表（損益計算書）", pdfFile("tb-pl.pdf"));
  const files = page.getByRole("list", { name: "試算表（損益計算書）のアップロード済みファイル" });
  await files.getByText("削除", { exact: true }).click();
  await files.getByRole("button", { name: "削除する" }).click();
  await expect(files).toHaveCount(0);
});

test("with JavaScript, a message leaves as soon as its question is answered", async ({
  page,
  javaScript,
  applicantOn,
}) => {
  test.skip(!javaScript, "without JavaScript the answer is a new page, which has no old message");
  await applicantOn("/entry", "corporate");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(summary(page)).toContainText(FinancialStepMessage.canSubmitRequired);
  await page.getByRole("radio", { name: "いいえ（試算表を提出する）" }).check();
  // The documents appear at once, and the answered question's message (the only one) is gone.
  await expect(page.getByTestId("financial-document-type")).toContainText("試算表");
  await expect(summary(page)).toHaveCount(0);
  await expect(page.getByText(FinancialStepMessage.canSubmitRequired)).toHaveCount(0);
  await expect(page).toHaveURL(/\/entry$/);
});
