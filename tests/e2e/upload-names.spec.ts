// JavaScript on and off: a file under any name is stored and shown under it (through the app into the
// reference upstream); a file refused for its bytes or its size gets §8's upload message at the slot,
// 「アップロードエラー (why)」, or, for a page's form past what one may bring without JavaScript, the
// 413 screen.

import { expect, test } from "./fixtures";
import { UploadRuleMessage } from "../../app/domain/upload-rules";
import {
  type FilePayload,
  justOverLimitPdf,
  oversizePdf,
  pastReadBoundPdf,
  pdfFile,
  textAsPdf,
} from "./files";
import { upstreamDatabase } from "./support";
import { userRow } from "./support-account";

const FRONT = "本人確認書類（表面）";

function storedNames(email: string): string[] {
  const db = upstreamDatabase();
  try {
    return (
      db.prepare("SELECT name FROM uploads WHERE user_id = ? ORDER BY id").all(userRow(email).id) as {
        name: string;
      }[]
    ).map((row) => row.name);
  } finally {
    db.close();
  }
}

/** The names of the issue, as chosen, and as stored and shown. */
const NAMES: [chosen: string, shown: string][] = [
  ["請求書;最終版.pdf", "請求書;最終版.pdf"],
  ["invoice=final.pdf", "invoice=final.pdf"],
  ["it's.pdf", "it's.pdf"],
  ['say "hi".pdf', 'say "hi".pdf'],
  ["100%.pdf", "100%.pdf"],
  // A backslash separates folders on Windows: only the last part is a name.
  ["back\\slash.pdf", "slash.pdf"],
  ["📄領収書 2026.pdf", "📄領収書 2026.pdf"],
];

test("a file under any name is stored and shown under it", async ({ uploadInto, newUserOnProfilePage }) => {
  const email = await newUserOnProfilePage("names");
  for (const [chosen, shown] of NAMES) {
    const slot = await uploadInto(FRONT, pdfFile(chosen));
    await expect(slot.getByText(`アップロード済み：${shown}（`)).toBeVisible();
    await expect(slot.getByRole("alert")).toHaveCount(0);
    expect(storedNames(email).at(-1)).toBe(shown);
  }
  expect(storedNames(email)).toEqual(NAMES.map(([, shown]) => shown));
});

/** §8 "Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー". */
const uploadError = (message: string) => `エラー：アップロードエラー (${message})`;

test("a file whose bytes are no PDF (text named .pdf) is refused with §8's アップロードエラー and why", async ({
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("textpdf");
  const slot = await uploadInto(FRONT, textAsPdf());
  await expect(slot.getByRole("alert")).toHaveText(
    uploadError("PDF、JPEG、PNGのファイルを選択してください。"),
  );
  await expect(slot.getByText("まだアップロードされていません")).toBeVisible();
  expect(storedNames(email)).toEqual([]);
});

test("the same in a wizard step, whose slots send the step's form without JavaScript", async ({
  page,
  uploadInto,
  applicantOnInvoiceStep,
}) => {
  const { email } = await applicantOnInvoiceStep("textpdf-invoice");
  const slot = await uploadInto("請求書1の請求書", textAsPdf());
  await expect(slot.getByRole("alert")).toHaveText(
    uploadError("PDF、JPEG、PNGのファイルを選択してください。"),
  );
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toHaveCount(0);
  expect(storedNames(email)).toEqual([]);
});

test("a file one byte over 10 MiB gets the size message at the slot", async ({
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("justover");
  const slot = await uploadInto(FRONT, justOverLimitPdf());
  await expect(slot.getByRole("alert")).toHaveText(uploadError(UploadRuleMessage.tooLarge));
  await expect(slot.getByText("まだアップロードされていません")).toBeVisible();
  expect(storedNames(email)).toEqual([]);
});

test("a file of 11 MiB gets the size message at the slot, with or without JavaScript", async ({
  uploadInto,
  newUserOnProfilePage,
}) => {
  const email = await newUserOnProfilePage("overcap");
  const slot = await uploadInto(FRONT, oversizePdf());
  // Without JavaScript the page's form is read past the file (decision 0007): the same words at the slot.
  await expect(slot.getByRole("alert")).toHaveText(uploadError(UploadRuleMessage.tooLarge));
  await expect(slot.getByText("まだアップロードされていません")).toBeVisible();
  expect(storedNames(email)).toEqual([]);
});

test("without JavaScript, a post past what a page's form may bring is refused unread: the 413 screen", async ({
  page,
  javaScript,
  uploadInto,
  newUserOnProfilePage,
}) => {
  test.skip(javaScript, "with JavaScript each file is its own request: the 11 MiB test shows its answer");
  const email = await newUserOnProfilePage("pastbound");
  await uploadInto(FRONT, pastReadBoundPdf());
  // Unread, the body does not say which slot it was for: the error screen says what to do.
  await expect(page.getByText("エラーコード: 413")).toBeVisible();
  await expect(page.getByText(UploadRuleMessage.tooLarge)).toBeVisible();
  expect(storedNames(email)).toEqual([]);
});

/** A PDF of 5 MiB and 64 KiB: two fit in one request's cap, not in one file's limit. */
function halfLimitPdf(name: string): FilePayload {
  const buffer = Buffer.alloc(5 * 1024 * 1024 + 64 * 1024, 0x20);
  buffer.write("%PDF-1.4\n");
  return { name, mimeType: "application/pdf", buffer };
}

test("without JavaScript, files chosen together share one file's 10 MiB (decision 0007, amended)", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  test.skip(javaScript, "with JavaScript each file is its own request");
  const { email } = await applicantOnInvoiceStep("together");
  await page.getByLabel("請求書1の請求書", { exact: true }).setInputFiles(halfLimitPdf("first.pdf"));
  await page
    .getByLabel("請求書1の追加書類（任意）", { exact: true })
    .setInputFiles(halfLimitPdf("second.pdf"));
  const invoiceSlot = page
    .locator(".upload-slot")
    .filter({ has: page.getByLabel("請求書1の請求書", { exact: true }) });
  await invoiceSlot.getByRole("button", { name: "アップロードする" }).click();

  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "first.pdf",
  );
  const second = page
    .locator(".upload-slot")
    .filter({ has: page.getByLabel("請求書1の追加書類（任意）", { exact: true }) });
  await expect(second.getByRole("alert")).toHaveText(uploadError(UploadRuleMessage.tooLargeTogether));
  expect(storedNames(email)).toEqual(["first.pdf"]);
});
