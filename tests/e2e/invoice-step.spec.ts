// The invoice step /entry/entry_invoice (JavaScript on and off): the draft survives
// (save, come back, values there), the §5 messages at their fields with the bad input kept, claims
// added and removed without losing what was typed (a sixth refused), corporate-number suggestions,
// the claims' files, and 「次へ」 to the financial step once §5 "Invoice step satisfied" holds.

import { FUTURE_PAYMENT_DATE } from "../fixtures/dates";
import { type Dialog, expect, test } from "./fixtures";
import { pdfFile, pngFile, renamedExecutable } from "./files";
import { entriesOf } from "./support-wizard-run";
import { withdrawalDone } from "./support-wizard-steps";
import {
  GOOD_CLAIM,
  INVOICE_STEP_URL,
  claim,
  fillClaim,
  fillEntryFields,
  press,
} from "./support-wizard-invoice";

/** Beside the upload slots when no claim holds an invoice file (§5 gives no words for it). */
const NO_INVOICE_FILE = "請求書のファイルを1つ以上アップロードしてください。";

test("the invoice step lives at /entry/entry_invoice in the entry layout, behind login", async ({
  page,
  open,
  applicantOnInvoiceStep,
}) => {
  await open(INVOICE_STEP_URL);
  await expect(page).toHaveURL(/\/login\?/);

  await applicantOnInvoiceStep("route");
  expect(new URL(page.url()).pathname).toBe("/entry/entry_invoice");
  await expect(page).toHaveTitle(/^請求書の情報 \| /);
  const steps = page.getByRole("navigation", { name: "お申し込みの手順" });
  await expect(steps.locator('[aria-current="step"]')).toContainText("請求書");
  await expect(claim(page, 1)).toBeVisible();
  await expect(claim(page, 1).getByRole("radio", { name: "普通" })).toBeChecked();
});

test("a filled step is saved as a draft, comes back after leaving, and 次へ goes to the financial step", async ({
  page,
  open,
  applicantOnInvoiceStep,
  uploadClaimFile,
}) => {
  await applicantOnInvoiceStep("draft");
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();

  await open("/mypage");
  await open(INVOICE_STEP_URL);
  await expect(page.getByLabel("希望買取額（円）", { exact: false })).toHaveValue("1,000,000");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");
  const first = claim(page, 1);
  await expect(first.getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社売掛先");
  // Full-width digits converted, the holder name stored formatted (§7 formatted names).
  await expect(first.getByLabel("売掛先からの銀行振込金額（円）", { exact: false })).toHaveValue("1,000,000");
  await expect(first.getByLabel("振込名義1", { exact: false })).toHaveValue("カ）ウリカケサキ");
  await expect(first.getByRole("radio", { name: "当座" })).toBeChecked();
  await expect(first.getByLabel("入金予定日（支払期日）", { exact: false })).toHaveValue(FUTURE_PAYMENT_DATE);

  // §5: without an invoice file the step is not satisfied; said beside the upload slots.
  await press(page, "次へ（決算書類）");
  const uploads = first.locator(".claim-uploads").filter({ has: page.getByLabel("請求書1の請求書") });
  await expect(uploads.getByText(NO_INVOICE_FILE)).toBeVisible();
  await expect(page.getByText("請求書がありません。")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/entry/entry_invoice");

  await uploadClaimFile(1, "請求書", pdfFile("seikyusho.pdf"));
  await uploadClaimFile(1, "追加書類（任意）", pngFile("keiyakusho.png"));
  await press(page, "次へ（決算書類）");
  await expect(page).toHaveURL(/\/entry$/);
});

test("§5 at least one invoice file for the entry: two claims with one file go through to /entry/complete", async ({
  page,
  open,
  readyToApply,
  logInAs,
  uploadClaimFile,
}) => {
  const user = await readyToApply("corporate");
  await logInAs(user, INVOICE_STEP_URL);
  await fillEntryFields(page);
  await fillClaim(page, 1, GOOD_CLAIM);
  await press(page, "請求書を追加する");
  await expect(page).toHaveURL(/#claim-2$/);
  await fillClaim(page, 2, { ...GOOD_CLAIM, company: "株式会社にばん" });
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();
  // One file holding both invoices, in the first claim's slot; the second claim has none of its own.
  await uploadClaimFile(1, "請求書", pdfFile("both-invoices.pdf"));
  await press(page, "次へ（決算書類）");
  await expect(page).toHaveURL(/\/entry$/);

  // The financial and withdrawal steps as they leave the draft; then the final submit.
  await user.upload("tb_pl");
  await user.upload("tb_bs");
  await user.send("PATCH", "/api/draft_entry/", { can_submit_financial_statements: false });
  await withdrawalDone(user);
  await open("/profile/before_entry");
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page).toHaveURL(/\/entry\/complete\?entry=\d+$/);
  expect(entriesOf(user)).toEqual([{ status: 1, claims: 2 }]);
});

test("each §5 message appears at its field and the bad input stays as typed", async ({
  page,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("messages");
  await press(page, "次へ（決算書類）");
  const summary = page.getByRole("alert").filter({ hasText: "エラー：入力内容をご確認ください" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "資金使途：入力してください。" })).toBeVisible();
  const first = claim(page, 1);
  await expect(first.getByText("この項目は空にできません").first()).toBeVisible();
  await expect(summary.getByRole("link", { name: `請求書ファイル：${NO_INVOICE_FILE}` })).toBeVisible();

  await fillEntryFields(page, "12abc", "運転資金");
  await fillClaim(page, 1, {
    ...GOOD_CLAIM,
    houjinbangou: "1123456789012",
    amount: "100,000",
    deposit: "200000",
    accountNumber: "12345",
    holder: "ヲカダ",
  });
  await press(page, "次へ（決算書類）");
  const desired = page.getByLabel("希望買取額（円）", { exact: false });
  await expect(desired).toHaveAccessibleDescription(/金額は数字で入力してください（例：1,000,000）。/);
  await expect(desired).toHaveValue("12abc");
  await expect(
    first.getByText("「売掛先からの銀行振込金額」が「請求書額面（税込）」より大きいためご確認ください"),
  ).toBeVisible();
  await expect(first.getByText("7桁の半角数字で入力してください")).toBeVisible();
  await expect(first.getByLabel("口座番号", { exact: false })).toHaveValue("12345");
  await expect(
    first.getByText("ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください"),
  ).toBeVisible();
  await expect(first.getByText("法人番号が正しくありません。13桁の番号をご確認ください。")).toBeVisible();
  await expect(first.getByLabel("入金予定日（支払期日）", { exact: false })).toHaveValue(FUTURE_PAYMENT_DATE);
  // The field's message is tied to its input.
  await expect(first.getByLabel("口座番号", { exact: false })).toHaveAttribute("aria-invalid", "true");
});

test("claims are added and removed without losing what was typed; a sixth is refused", async ({
  page,
  applicantOnInvoiceStep,
  uploadClaimFile,
}) => {
  await applicantOnInvoiceStep("claims");
  await fillEntryFields(page);
  await fillClaim(page, 1, { ...GOOD_CLAIM, company: "株式会社いちばん" });
  await press(page, "請求書を追加する");
  await expect(claim(page, 2)).toBeVisible();
  await expect(claim(page, 1).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社いちばん");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");

  await claim(page, 2).getByLabel("売掛先の会社名", { exact: false }).fill("株式会社にばん");
  for (const n of [3, 4, 5]) {
    await press(page, "請求書を追加する");
    // Without JavaScript each add is a page load: wait for the new page before pressing again.
    await expect(page).toHaveURL(new RegExp(`#claim-${n}$`));
    await page.waitForLoadState("load");
    await expect(claim(page, n)).toBeVisible();
  }
  await claim(page, 3).getByLabel("売掛先の会社名", { exact: false }).fill("株式会社さんばん");
  await uploadClaimFile(3, "請求書", pdfFile("sanban.pdf"));
  await press(page, "請求書を追加する");
  await expect(page.getByRole("alert").getByText("申し込みに登録できる請求書は5個までです。")).toBeVisible();
  await expect(claim(page, 6)).toHaveCount(0);
  await expect(claim(page, 3).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社さんばん");

  // Removing claim 2 moves claim 3 up, behind a confirmation.
  await claim(page, 2).getByText("請求書2を削除", { exact: true }).click();
  await press(page, "請求書2を削除する", claim(page, 2));
  await expect(claim(page, 5)).toHaveCount(0);
  await expect(claim(page, 2).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社さんばん");
  await expect(claim(page, 1).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社いちばん");
  // Its file moved up with it: still its invoice, nothing to upload again.
  await expect(page.getByRole("list", { name: "請求書2の請求書のアップロード済みファイル" })).toContainText(
    "sanban.pdf",
  );
});

test("holder names are added and removed, up to ten", async ({ page, applicantOnInvoiceStep }) => {
  await applicantOnInvoiceStep("holders");
  const first = claim(page, 1);
  await first.getByLabel("振込名義1", { exact: false }).fill("ｳﾘｶｹｻｷ");
  await press(page, "振込名義を追加する", first);
  await expect(first.getByLabel("振込名義2", { exact: false })).toBeVisible();
  await expect(first.getByLabel("振込名義1", { exact: false })).toHaveValue("ウリカケサキ");
  await first.getByLabel("振込名義2", { exact: false }).fill("ｶ)ｳﾘｶｹｻｷ");
  await press(page, "振込名義1を削除", first);
  await expect(first.getByLabel("振込名義2", { exact: false })).toHaveCount(0);
  await expect(first.getByLabel("振込名義1", { exact: false })).toHaveValue("カ）ウリカケサキ");
});

test("the corporate number comes from the search's suggestions", async ({ page, applicantOnInvoiceStep }) => {
  await applicantOnInvoiceStep("houjin");
  const first = claim(page, 1);
  await first.getByLabel("売掛先の会社名", { exact: false }).fill("青葉精機");
  // With JavaScript, typing also opens the as-you-type list over this button (300 ms later): leave
  // the field first, as a person pressing Tab would, so the list is closed when the button is pressed.
  await first.getByLabel("売掛先の会社名", { exact: false }).blur();
  await press(page, "法人番号を検索", first);
  const results = first.getByRole("group", { name: "「青葉精機」の検索結果" });
  await results.getByRole("radio", { name: /株式会社青葉精機/ }).check();
  await press(page, "この法人を選択", first);
  await expect(first.getByLabel("売掛先の法人番号", { exact: false })).toHaveValue("3370101960011");
  await expect(first.getByLabel("売掛先の所在地", { exact: false })).toHaveValue(/宮城県仙台市青葉区/);
  await expect(first.getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社青葉精機");
});

test("with JavaScript, suggestions appear as you type and the keyboard picks one", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  test.skip(!javaScript, "suggestions as you type need JavaScript");
  await applicantOnInvoiceStep("combobox");
  const first = claim(page, 1);
  const name = first.getByRole("combobox", { name: /売掛先の会社名/ });
  await name.pressSequentially("みなと");
  const listbox = first.getByRole("listbox", { name: "法人番号の候補" });
  await expect(listbox.getByRole("option", { name: /合同会社みなと物流/ })).toBeVisible();
  await expect(name).toHaveAttribute("aria-expanded", "true");
  await name.press("ArrowDown");
  await expect(name).toHaveAttribute("aria-activedescendant", /listbox-0$/);
  await name.press("Enter");
  await expect(name).toHaveValue("合同会社みなと物流");
  await expect(first.getByLabel("売掛先の法人番号", { exact: false })).toHaveValue("7020103960148");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  expect(new URL(page.url()).pathname).toBe("/entry/entry_invoice");
});

test("with JavaScript, leaving with unsaved changes asks first", async ({
  page,
  open,
  javaScript,
  applicantOnInvoiceStep,
  uploadInto,
}) => {
  test.skip(!javaScript, "the warning needs JavaScript");
  await applicantOnInvoiceStep("unsaved");
  // Untouched, the page leaves without asking (the upload slots' no-JavaScript inputs are no change).
  await page.getByRole("link", { name: "マイページ" }).first().click();
  await expect(page).toHaveURL(/\/mypage$/);
  await open(INVOICE_STEP_URL);

  // A refused upload reloads the page's data, saved values unchanged, its token of whom it was rendered
  // for renewed (a second on, a later expiry): nothing typed, so leaving still asks nothing.
  const typedBy = page.locator('input[name="typed_by"]');
  const rendered = await typedBy.inputValue();
  // Its expiry counts whole seconds: the renewed one is later once the clock has turned a second.
  const renderedBy = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(renderedBy);
  await uploadInto("請求書1の請求書", renamedExecutable("seikyu.pdf"));
  await expect(typedBy).not.toHaveValue(rendered);
  // A click on the page first: the browser asks before leaving only a page the person has used. A
  // question would be answered 「留まる」, and the page stay.
  await page.getByRole("heading", { name: "請求書の情報" }).click();
  const stay = (dialog: Dialog) => void dialog.dismiss();
  page.on("dialog", stay);
  await page.getByRole("link", { name: "マイページ" }).first().click();
  await expect(page).toHaveURL(/\/mypage$/);
  page.off("dialog", stay);
  await open(INVOICE_STEP_URL);

  await page.getByLabel("資金使途", { exact: false }).pressSequentially("設備投資");
  // The header's links are plain links (decision 0015): the browser's own leave-page prompt asks.
  const dialog = page.waitForEvent("dialog");
  const click = page.getByRole("link", { name: "マイページ" }).first().click({ noWaitAfter: true });
  const shown = await dialog;
  expect(shown.type()).toBe("beforeunload");
  await shown.dismiss();
  await click;
  expect(new URL(page.url()).pathname).toBe("/entry/entry_invoice");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("設備投資");

  // Saved, the same link leaves without asking.
  await press(page, "下書き保存");
  await expect(page.getByText("下書きを保存しました。")).toBeVisible();
  await page.getByRole("link", { name: "マイページ" }).first().click();
  await expect(page).toHaveURL(/\/mypage$/);
});

test("an upload keeps what was typed, and a renamed executable is refused at its slot", async ({
  page,
  uploadInto,
  applicantOnInvoiceStep,
  uploadClaimFile,
}) => {
  await applicantOnInvoiceStep("uploads");
  // Typed, not saved: a refused upload keeps it too (without JavaScript it was sent and saved with it).
  await fillEntryFields(page);
  await uploadInto("請求書1の請求書", renamedExecutable("seikyu.pdf"));
  await expect(
    page.locator(".upload-slot").filter({ hasText: "請求書1の請求書" }).getByRole("alert"),
  ).toContainText("PDF、JPEG、PNGのファイルを選択してください。");
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");
  await uploadClaimFile(1, "請求書", pdfFile("seikyu.pdf"));
  await expect(page.getByLabel("資金使途", { exact: false })).toHaveValue("仕入れ代金の支払い");

  // The file is deleted behind a confirmation, and leaves the claim.
  const list = page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" });
  await list.getByText("削除", { exact: true }).click();
  await list.getByRole("button", { name: "削除する" }).click();
  await expect(list).toHaveCount(0);
});
