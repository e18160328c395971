// A slot whose paper has several pages takes several files (decision 0035): a statement's 「入出金のページ」
// and the financial step's 「確定申告書」, chosen many at once or one after another, each listed with its
// name, size and a delete button; the slot's limits stated beside the picker and kept by the server.
// On a 375 px phone, JavaScript on and off.

import { type Page, expect, test } from "./fixtures";
import type { FilePayload } from "./files";
import { pdfFile } from "./files";

test.use({ viewport: { width: 375, height: 812 } });

const slotOf = (page: Page, label: string) =>
  page.locator(".upload-slot").filter({ has: page.getByLabel(label, { exact: true }) });
const listOf = (page: Page, label: string) =>
  page.getByRole("list", { name: `${label}のアップロード済みファイル` });

/** Chooses `files` in the slot at once; without JavaScript the person then presses its button. */
async function choose(page: Page, javaScript: boolean, label: string, files: FilePayload[]) {
  const slot = slotOf(page, label);
  await slot.getByLabel(label, { exact: true }).setInputFiles(files);
  if (!javaScript) await slot.getByRole("button", { name: "アップロードする" }).click();
}

async function expectListed(page: Page, label: string, names: string[]) {
  const items = listOf(page, label).getByRole("listitem");
  await expect(items).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    // Its name, its size and date, and its own delete button.
    await expect(items.nth(index)).toContainText(new RegExp(`^${name}（1 KB・\\d{4}年`));
    await expect(items.nth(index).getByText("削除", { exact: true })).toBeVisible();
  }
}

test("a statement's 「入出金のページ」 keeps every file, added one by one or many at once, each deleted on its own, ten at most", async ({
  page,
  javaScript,
  applicantOn,
}) => {
  const user = await applicantOn("/entry/withdrawal_details", "corporate", { financialDone: true });
  const label = "入出金のページ（口座1）";

  await expect(slotOf(page, label)).toContainText("10ファイルまで・合計50MBまで");
  await expect(slotOf(page, label).getByLabel(label, { exact: true })).toHaveAttribute("multiple", "");

  // One after another: the second joins the first, nothing replaced.
  await choose(page, javaScript, label, [pdfFile("通帳明細A.pdf")]);
  await expectListed(page, label, ["通帳明細A.pdf"]);
  await choose(page, javaScript, label, [pdfFile("通帳明細B.pdf")]);
  await expectListed(page, label, ["通帳明細A.pdf", "通帳明細B.pdf"]);

  // Several at once.
  await choose(page, javaScript, label, [pdfFile("通帳明細C.pdf"), pdfFile("通帳明細D.pdf")]);
  await expectListed(page, label, ["通帳明細A.pdf", "通帳明細B.pdf", "通帳明細C.pdf", "通帳明細D.pdf"]);

  // One deleted, the others kept.
  const second = listOf(page, label).getByRole("listitem").nth(1);
  await second.getByText("削除", { exact: true }).click();
  await second.getByRole("button", { name: "削除する" }).click();
  await expectListed(page, label, ["通帳明細A.pdf", "通帳明細C.pdf", "通帳明細D.pdf"]);

  const draft = (await user.draft()) as { banks: { contentfile_relations: number[] }[] };
  expect(draft.banks[0]!.contentfile_relations).toHaveLength(3);

  // Seven more make ten; an eleventh is refused at the slot, the ten kept.
  const more = Array.from({ length: 7 }, (_, n) => pdfFile(`page-${n + 1}.pdf`));
  await choose(page, javaScript, label, more);
  await expect(listOf(page, label).getByRole("listitem")).toHaveCount(10);
  await choose(page, javaScript, label, [pdfFile("page-8.pdf")]);
  await expect(slotOf(page, label)).toContainText(
    "アップロードエラー (この欄に登録できるファイルは10個までです。不要なファイルを削除してから追加してください。)",
  );
  await expect(listOf(page, label).getByRole("listitem")).toHaveCount(10);
  await expect(listOf(page, label)).not.toContainText("page-8.pdf");
});

test("「確定申告書」 (e-Tax) takes 第一表・第二表・決算書・受信通知 chosen at once", async ({
  page,
  javaScript,
  applicantOn,
  open,
}) => {
  const user = await applicantOn("/mypage", "individual");
  await user.send("PATCH", "/api/draft_entry/", {
    can_submit_financial_statements: true,
    tax_return_submissions: "e_tax",
  });
  await open("/entry");
  const label = "確定申告書";
  await expect(slotOf(page, label)).toContainText("10ファイルまで・合計50MBまで");

  const names = ["第一表.pdf", "第二表.pdf", "決算書.pdf", "受信通知.pdf"];
  await choose(
    page,
    javaScript,
    label,
    names.map((name) => pdfFile(name)),
  );
  await expectListed(page, label, names);
  await choose(page, javaScript, label, [pdfFile("第一表（訂正）.pdf")]);
  await expectListed(page, label, [...names, "第一表（訂正）.pdf"]);
});
