// §2 /entry/detail/:entryId, JavaScript on and off: an entry after it was
// submitted, opened from My page or from an operator's link; its road drawn without JavaScript; the
// operator's words for what is inadequate, at the claim; another user's entry is page not found.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

async function applicantWithEntry(freshEmail: (label?: string) => string) {
  const email = freshEmail("detail");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  return { email, entry: await user.createEntry() };
}

test("an entry opens from My page: its status, where it stands, the claim; then the operator's reason", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const { email, entry } = await applicantWithEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.getByRole("link", { name: `申込番号 ${entry.code} の詳細を見る` }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}$`));
  await expect(page).toHaveTitle(/^お申し込みの詳細 \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お申し込みの詳細");
  await expect(page.getByText(`申込番号 ${entry.code}`)).toBeVisible();
  const road = page.getByRole("list", { name: "お申し込みの進み具合" });
  await expect(road.locator('[aria-current="step"]')).toContainText("審査中");
  const claim = page.getByRole("region", { name: /請求書1/ });
  await expect(claim).toContainText("株式会社売掛先");
  await expect(claim).toContainText("1,100,000円");

  reviewClaims([entry.claimIds[0]], { decision: "inadequate", reason: "請求書の日付が読めません。" });
  await open(`/entry/detail/${entry.id}`);
  await expect(
    page.getByText("書類に不備があります。内容をご確認のうえ、再提出してください。"),
  ).toBeVisible();
  await expect(claim).toContainText("不備あり");
  await expect(claim.locator(".alert")).toContainText("請求書の日付が読めません。");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("detail-phone.png"), fullPage: true });
});

test("an operator's link, logged out, lands on the detail after login; another user's entry is not found", async ({
  page,
  open,
  freshEmail,
}) => {
  const { email, entry } = await applicantWithEntry(freshEmail);
  await open(`/entry/detail/${entry.id}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fentry%2Fdetail%2F\d+$/);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}$`));

  const other = await applicantWithEntry(freshEmail);
  const response = await open(`/entry/detail/${other.entry.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
  expect(await page.content()).not.toContain(other.entry.code);
  expect((await open("/entry/detail/abc"))?.status()).toBe(404);
});

test("a reviewed claim shows the money on offer: the price, the fee, what the user receives and returns, the true cost and its annual rate", async ({
  page,
  freshEmail,
  logIn,
}) => {
  const { email, entry } = await applicantWithEntry(freshEmail);
  reviewClaims([entry.claimIds[0]]);
  await logIn(email, STRONG_PASSWORD);
  await page.getByRole("link", { name: `申込番号 ${entry.code} の詳細を見る` }).click();
  const road = page.getByRole("list", { name: "お申し込みの進み具合" });
  await expect(road.locator('[aria-current="step"]')).toContainText("審査完了");
  const offer = page.getByRole("group", { name: "請求書1の買取条件" });
  await expect(offer).toContainText("900,000円");
  await expect(offer).toContainText("45,000円（5%）");
  await expect(offer).toContainText("854,340円");
  // The whole scheduled deposit is returned, so the cost is 返金額 − お受け取り額, the 掛目 part named.
  await expect(offer).toContainText("返金額1,000,000円");
  await expect(offer).toContainText("ご負担額145,660円");
  await expect(offer).toContainText("掛目による差額 100,000円");
  await expect(offer).toContainText(/ご負担額の年率換算約\d+\.\d%/);
  await expect(page.getByTestId("figure-totals")).toContainText("854,340円");
  await expect(page.getByTestId("figure-totals")).toContainText("ご負担額145,660円");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("reviewed-phone.png"), fullPage: true });
});

test("cancel from the detail: the tick is required, then the entry ends and My page says so; an ended entry offers none", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, entry } = await applicantWithEntry(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/detail/${entry.id}`);
  const section = page.getByRole("region", { name: "お申し込みのキャンセル" });
  await section.getByRole("button", { name: "お申し込みをキャンセルする" }).click();
  await expect(section.getByRole("alert")).toContainText(
    "キャンセルする場合は、元に戻せないことの確認にチェックを入れてください。",
  );
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}$`));

  await section.getByLabel(/キャンセルすると元に戻せないことを確認しました/).check();
  await section.getByRole("button", { name: "お申し込みをキャンセルする" }).click();
  await expect(page).toHaveURL(/\/entry\/cancel\/complete$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お申し込みをキャンセルしました");

  await open("/mypage");
  await expect(page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem")).toContainText(
    "キャンセル済み",
  );
  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByText("このお申し込みはキャンセルされました。")).toBeVisible();
  await expect(page.getByRole("region", { name: "お申し込みのキャンセル" })).toHaveCount(0);
});
