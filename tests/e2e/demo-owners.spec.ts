// JavaScript on and off: `npm start` on a fresh data folder prints a login per stage of an entry, and
// each demo owner, logged in as the README says, reaches the screen the README names for them.

import fs from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "./fixtures";
import { type StartedDemo, logInAsDemoOwner, startOnFreshFolder } from "./support-demo";
import { WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { DEMO_OWNERS, DEMO_OWNER_LIST, DEMO_OWNER_PASSWORD } from "../../reference-upstream/demo/owners";

const root = path.resolve(import.meta.dirname, "../..");

let product: StartedDemo;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = await startOnFreshFolder();
});
test.afterAll(async () => product?.stop());

/** The screen as a phone shows it (375 px), to look at: the README promises these screens. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`) });
}

const entryCard = (page: Page) => page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem");
const detailHead = (page: Page) => page.locator(".entry-detail-head");

test("npm start prints every demo login with what it shows, and the README lists each", () => {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  for (const owner of DEMO_OWNER_LIST) {
    expect(product.output).toContain(`${owner.email}  `);
    expect(product.output).toContain(owner.shows);
    const row = readme.split("\n").find((line) => line.startsWith(`- \`${owner.email}\`:`));
    expect(row, owner.email).toContain(owner.shows);
  }
  expect(product.output).toContain(`${product.midoriUrl}/login`);
});

test("demo@: no entry yet, My page invites a first one", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.mayApply.email);
  await expect(page.getByText("お申し込みはまだありません。")).toBeVisible();
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toBeVisible();
  await phoneShot(page, "demo-mypage");
});

test("review@: an entry under review, its detail says 審査中", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.underReview.email);
  await expect(entryCard(page)).toHaveCount(1);
  await expect(entryCard(page)).toContainText("審査中");
  await entryCard(page)
    .getByRole("link", { name: /の詳細を見る$/ })
    .click();
  await expect(page).toHaveURL(/\/entry\/detail\/\d+$/);
  await expect(detailHead(page)).toContainText("審査中");
  await phoneShot(page, "review-detail");
});

test("resubmit@: an invoice found inadequate, My page leads to the resubmission with the reason", async ({
  page,
  open,
}) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.inadequate.email);
  await expect(entryCard(page)).toContainText("不備あり");
  await entryCard(page).getByRole("link", { name: "不備を修正して再提出する" }).click();
  await expect(page).toHaveURL(/\/entry\/resubmit\/\d+$/);
  await expect(page.getByRole("main")).toContainText("請求書の日付と金額が読み取れません。");
  await expect(page.getByRole("button", { name: "再提出する" })).toBeVisible();
  await phoneShot(page, "resubmit-resubmission");
});

test("contract@: reviewed, My page leads to the agreement to read and sign", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.reviewed.email);
  await expect(entryCard(page)).toContainText("審査完了");
  await entryCard(page).getByRole("link", { name: "ご契約の手続きへ進む" }).click();
  await expect(page).toHaveURL(/\/entry\/contract\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ご契約の手続き");
  await expect(page.getByRole("main")).toContainText("900,000円");
  await phoneShot(page, "contract-agreement");
});

test("payout@: paid out, the debtor paying on a bank holiday: the return is due the next business day", async ({
  page,
  open,
}) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.paidOut.email);
  await expect(entryCard(page)).toContainText("買取代金お振込済み");
  await expect(entryCard(page)).toContainText("次の返金期日");
  await entryCard(page)
    .getByRole("link", { name: /の詳細を見る$/ })
    .click();
  await expect(detailHead(page)).toContainText("買取代金お振込済み");
  const returned = page.getByRole("group", { name: "請求書1のご返金" });
  await expect(returned).toContainText(/は銀行休業日のため、返金期日は翌営業日の\d{4}年\d{1,2}月\d{1,2}日/);
  const ics = await page.request.get(`${page.url()}/return.ics`);
  expect(ics.status()).toBe(200);
  await phoneShot(page, "payout-detail");
});

test("late@: a return past its deadline, My page's notice leads to the detail", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.late.email);
  await expect(entryCard(page)).toContainText("ご返金が遅れている請求書があります。至急ご返金ください。");
  await entryCard(page)
    .getByRole("link", { name: /のご返金の金額と振込先を確認する$/ })
    .click();
  await expect(page).toHaveURL(/\/entry\/detail\/\d+#return-1$/);
  await expect(page.getByRole("group", { name: "請求書1のご返金" })).toContainText(/期日を\d+日過ぎています/);
  await expect(page.getByRole("main")).toContainText("ご返金遅延");
  await phoneShot(page, "late-detail");
});

test("returned@: finished, the return received", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.returned.email);
  await expect(entryCard(page)).toContainText("完了（ご返金確認済み）");
  await entryCard(page)
    .getByRole("link", { name: /の詳細を見る$/ })
    .click();
  await expect(detailHead(page)).toContainText("完了（ご返金確認済み）");
  await expect(page.getByRole("group", { name: "請求書1のご返金" })).toContainText("ご返金確認日");
  await phoneShot(page, "returned-detail");
});

test("declined@: declined by the operator, お見送り", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.declined.email);
  await expect(entryCard(page)).toContainText("お見送り");
  await entryCard(page)
    .getByRole("link", { name: /の詳細を見る$/ })
    .click();
  await expect(detailHead(page)).toContainText("お見送り");
  await phoneShot(page, "declined-detail");
});

test("kojin@: a sole proprietor's entry asks 確定申告書, not 決算書類", async ({ page, open }) => {
  await logInAsDemoOwner(page, open, product.url, DEMO_OWNERS.soleProprietor.email);
  await expect(page.locator("dt", { hasText: /^屋号$/ })).toBeVisible();
  await expect(entryCard(page)).toContainText("審査中");
  await entryCard(page)
    .getByRole("link", { name: /の詳細を見る$/ })
    .click();
  await expect(page.getByRole("term").filter({ hasText: /^確定申告書の確認状況$/ })).toBeVisible();
  await expect(page.getByText("決算書類")).toHaveCount(0);
  await phoneShot(page, "kojin-detail");
});

test("midori@: the white-label brand on its host, an entry under review", async ({ page, open }) => {
  // On the usual host the login names the brand's own, as the README says.
  await open(`${product.url}/login`);
  await page.getByLabel("メールアドレス").fill(DEMO_OWNERS.whiteLabel.email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(DEMO_OWNER_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(
    page.getByRole("link", { name: `${WHITE_LABEL_BRAND.serviceName}のログインページ` }),
  ).toHaveAttribute("href", `${product.midoriUrl}/login`);

  await logInAsDemoOwner(page, open, product.midoriUrl, DEMO_OWNERS.whiteLabel.email);
  await expect(page.locator("html")).toHaveAttribute("data-brand", "midori");
  await expect(
    page.getByRole("banner").getByRole("link", { name: WHITE_LABEL_BRAND.serviceName }),
  ).toBeVisible();
  await expect(entryCard(page)).toContainText("審査中");
  await phoneShot(page, "midori-mypage");
});
