import { expect, test } from "./fixtures";

test("the landing page introduces the service in Japanese and links to registration", async ({
  page,
  open,
  javaScript,
}) => {
  const response = await open("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/サキドリ/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書を、支払期日より前に資金へ。");
  await expect(page.getByRole("heading", { name: "ご利用の流れ" })).toBeVisible();
  await expect(page.getByRole("link", { name: "無料で会員登録する" })).toHaveAttribute("href", "/register");
  await expect(page.getByText("1ファイル10MBまで")).toBeVisible();
  // With JavaScript off the page must be complete as served: no script needed to show it.
  if (!javaScript) expect(await page.locator("html[data-hydrated]").count()).toBe(0);
});
