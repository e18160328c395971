// §2 /entry/resubmit/:entryId (decision 0011), JavaScript on and off: the operator finds an invoice
// inadequate; the user reads why on My page and the detail, fixes the claim and uploads a new
// invoice on the resubmission page (without JavaScript the upload comes back with everything typed),
// resubmits, and the detail shows the entry under review again. Nothing else can be changed; an
// entry with nothing inadequate offers no form.

import { expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { STRONG_PASSWORD } from "./support";
import {
  UpstreamUser,
  applicantWithInadequateFinancialDocuments,
  applicantWithInadequateInvoice,
  applicantWithInadequateStatements,
  runOperator,
  reviewClaims,
} from "./support-account";

test("an inadequate invoice: the reason, a fix and a new file (nothing typed lost), resubmitted, under review again", async ({
  page,
  open,
  freshEmail,
  logIn,
  hydrated,
  uploadInto,
}) => {
  const { email, entry } = await applicantWithInadequateInvoice(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await page.getByRole("link", { name: "不備を修正して再提出する" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/resubmit/${entry.id}$`));
  await hydrated();
  await expect(page).toHaveTitle(/^書類の再提出 \| /);
  // The intro names what the operator asked for, not every inadequate thing there could be.
  await expect(page.getByTestId("resubmission-intro")).toContainText(
    "審査の結果、請求書1の請求書に不備がありました。",
  );
  const claim = page.getByRole("group", { name: /請求書1/ });
  await expect(claim).toContainText("請求書の日付が読めません。鮮明な画像をご提出ください。");
  // §5 "Resubmit skips bank checks": the account is shown, not asked.
  await expect(claim).toContainText("みどり銀行 普通 1234567");
  await expect(claim.getByLabel("口座番号")).toHaveCount(0);

  // Sent without the new file the finding asks for: said at the slot, and what was typed stays.
  const amount = claim.getByLabel("請求書額面（税込・円）");
  await expect(amount).toHaveValue("1,100,000");
  await amount.fill("1,200,000");
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "入力内容をご確認ください" });
  await expect(summary).toContainText("請求書1の請求書");
  await expect(summary).toContainText("不備のあった請求書を、新しいファイルでアップロードしてください。");
  await expect(amount).toHaveValue("1,200,000");

  // The new invoice: with JavaScript it goes when chosen; without, the slot sends the page's form.
  await uploadInto("請求書1の請求書", pdfFile("請求書_再提出.pdf"));
  await expect(page.getByRole("list", { name: "請求書1の請求書のアップロード済みファイル" })).toContainText(
    "請求書_再提出.pdf",
  );
  await expect(amount).toHaveValue("1,200,000");

  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}\\?resubmitted=1$`));
  await expect(page.getByRole("status")).toContainText("再提出を受け付けました。あらためて審査いたします。");
  await expect(page.locator(".entry-detail-head")).toContainText("審査中");
  const detailClaim = page.getByRole("region", { name: /請求書1/ });
  await expect(detailClaim).toContainText("1,200,000円");
  await expect(detailClaim).toContainText("請求書_再提出.pdf");
  await expect(page.getByRole("link", { name: "不備を修正して再提出する" })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("detail-after-resubmit-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The road goes on: the operator reviews the resubmitted claim, and the contract is offered.
  await open("/mypage");
  await expect(page.getByRole("link", { name: "不備を修正して再提出する" })).toHaveCount(0);
  reviewClaims([entry.claimIds[0]]);
  await open(`/entry/detail/${entry.id}`);
  await expect(page.locator(".entry-detail-head")).toContainText("審査完了");
  await expect(page.getByRole("link", { name: "ご契約の手続きへ進む" })).toBeVisible();
});

test("a blank field is said at the field, with the other fields kept; the resubmission page on a phone", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const { email, entry } = await applicantWithInadequateInvoice(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await open(`/entry/resubmit/${entry.id}`);
  await page.screenshot({ path: test.info().outputPath("resubmit-phone.png"), fullPage: true });
  const claim = page.getByRole("group", { name: /請求書1/ });
  // The claim's status is never cut across two lines of its title (「不備あ」 / 「り」).
  const statusLines = await claim.locator("legend.claim-legend").evaluate((legend) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(legend, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = (node.textContent ?? "").indexOf("不備あり");
      for (let index = start; start >= 0 && index < start + 4; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        tops.add(Math.round(range.getBoundingClientRect().top));
      }
    }
    return tops.size;
  });
  expect(statusLines).toBe(1);
  await claim.getByLabel("売掛先の会社名").fill("");
  await claim.getByLabel("売掛先の所在地").fill("大阪府大阪市北区1-1");
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(claim.getByLabel("売掛先の会社名")).toHaveAccessibleDescription(/この項目は空にできません/);
  await expect(claim.getByLabel("売掛先の所在地")).toHaveValue("大阪府大阪市北区1-1");
  await expect(page).toHaveURL(new RegExp(`/entry/resubmit/${entry.id}$`));
  // Nothing was sent: the entry is still waiting for the fix.
  await open(`/entry/detail/${entry.id}`);
  await expect(page.locator(".entry-detail-head")).toContainText("不備あり");
});

test("an entry with nothing inadequate offers no form and says why; another user's is not found", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("resubmit-none");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/resubmit/${entry.id}`);
  await expect(page.getByRole("alert")).toContainText(
    "このお申し込みには、いま再提出していただくものはありません。",
  );
  await expect(page.getByRole("button", { name: "再提出する" })).toHaveCount(0);

  const other = await applicantWithInadequateInvoice(freshEmail);
  expect((await open(`/entry/resubmit/${other.entry.id}`))?.status()).toBe(404);
  expect((await open("/entry/resubmit/12a"))?.status()).toBe(404);
});

test("statements short of months: more pages for account 1, a second account on internet banking (complete, §4), resubmitted", async ({
  page,
  open,
  freshEmail,
  logIn,
  javaScript,
  uploadInto,
}) => {
  const { email, entry } = await applicantWithInadequateStatements(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await open(`/entry/resubmit/${entry.id}`);
  const intro = page.getByTestId("resubmission-intro");
  await expect(intro).toContainText("審査の結果、入出金明細に不備がありました。");
  await expect(intro).toContainText("口座の追加や、通帳とインターネットバンキングの切り替えもできます。");
  await expect(intro).not.toContainText("請求書");
  await expect(page.getByRole("list", { name: "入出金のページ（口座1）の提出済みファイル" })).toContainText(
    "通帳_7月.pdf",
  );

  // The months that were missing, added to what was submitted.
  await uploadInto("入出金のページ（口座1）", pdfFile("通帳_8月.pdf"));
  await expect(
    page.getByRole("list", { name: "入出金のページ（口座1）のアップロード済みファイル" }),
  ).toContainText("通帳_8月.pdf");

  // A second account, kept on internet banking.
  await page.getByRole("button", { name: "口座を追加する" }).click();
  const second = page.locator("#bank-2");
  await expect(second.getByRole("heading", { name: "口座2" })).toBeVisible();
  await second.getByLabel("インターネットバンキング").check();
  if (!javaScript) await second.getByRole("button", { name: "選んだ形式のアップロード欄を表示する" }).click();
  await uploadInto("口座情報の画面（口座2）", pdfFile("ネットバンキング_口座情報.pdf"));
  await expect(
    page.getByRole("list", { name: "口座情報の画面（口座2）のアップロード済みファイル" }),
  ).toContainText("ネットバンキング_口座情報.pdf");

  // One screen short: said at the account, nothing sent.
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "入力内容をご確認ください" });
  await expect(summary).toContainText("口座情報の画面と入出金明細の画面をアップロードしてください。");
  await uploadInto("入出金明細の画面（口座2）", pdfFile("ネットバンキング_明細.pdf"));
  await expect(
    page.getByRole("list", { name: "入出金明細の画面（口座2）のアップロード済みファイル" }),
  ).toContainText("ネットバンキング_明細.pdf");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("statements-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}\\?resubmitted=1$`));
  await expect(page.locator(".entry-detail-head")).toContainText("審査中");
  const sent = page.getByRole("region", { name: "入出金明細", exact: true });
  for (const name of [
    "通帳_表紙.pdf",
    "通帳_7月.pdf",
    "通帳_8月.pdf",
    "ネットバンキング_口座情報.pdf",
    "ネットバンキング_明細.pdf",
  ]) {
    await expect(sent).toContainText(name);
  }
});

test("financial documents: a trial balance added beside what was sent, the old P/L left out for a new one, resubmitted", async ({
  page,
  open,
  freshEmail,
  logIn,
  uploadInto,
}) => {
  const { email, entry } = await applicantWithInadequateFinancialDocuments(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await open(`/entry/resubmit/${entry.id}`);
  await expect(page.getByTestId("resubmission-intro")).toContainText(
    "審査の結果、決算書類に不備がありました。不備のあった書類は、ファイルの追加や差し替えができます。",
  );
  // A kind never sent can be added: every financial document a corporation may submit has its slot.
  await uploadInto("試算表（損益計算書）", pdfFile("試算表_今期.pdf"));
  await expect(
    page.getByRole("list", { name: "試算表（損益計算書）のアップロード済みファイル" }),
  ).toContainText("試算表_今期.pdf");
  await uploadInto("損益計算書", pdfFile("損益計算書_今期.pdf"));
  await expect(page.getByRole("list", { name: "損益計算書のアップロード済みファイル" })).toContainText(
    "損益計算書_今期.pdf",
  );
  await page.getByLabel("「損益計算書_前期.pdf」を再提出に含めない").check();

  await page.getByRole("button", { name: "再提出する", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}\\?resubmitted=1$`));
  const sent = page.getByRole("region", { name: "決算書類", exact: true });
  for (const name of ["試算表_今期.pdf", "損益計算書_今期.pdf", "貸借対照表_前期.pdf"]) {
    await expect(sent).toContainText(name);
  }
  await expect(sent).not.toContainText("損益計算書_前期.pdf");
});
