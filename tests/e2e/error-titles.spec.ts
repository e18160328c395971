// Every error screen has a `<title>`, and a request the app refuses itself shows its own code rather
// than §2's "session expired". Every answer to a page's address is a page: an address the server
// cannot decode, and a file the user may not see, get the branded error screen, never bare text.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator } from "./support-account";

for (const path of ["/no-such-page/at-all", "/404"]) {
  test(`the page-not-found screen at ${path} has a title`, async ({ page, open }) => {
    const response = await open(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
    await expect(page).toHaveTitle("ページが見つかりません | サキドリ");
  });
}

test("a post to a page that takes none shows its own code (405) under a title", async ({
  request,
  baseURL,
}) => {
  const response = await request.post("/terms", {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: "a=1",
  });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain("<title>リクエストを処理できませんでした | サキドリ</title>");
  expect(html).toContain("リクエストを処理できませんでした（エラーコード: 405）");
  expect(html).not.toContain("セッションの有効期限が切れました");
});

test("an address whose %-escapes are no UTF-8 (/entry/detail/%E0%A4%A) shows the 400 screen in Japanese under a title", async ({
  page,
  open,
}) => {
  const response = await open("/entry/detail/%E0%A4%A");
  expect(response?.status()).toBe(400);
  expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
  await expect(page).toHaveTitle("リクエストを処理できませんでした | サキドリ");
  await expect(page.getByRole("heading", { name: "リクエストを処理できませんでした" })).toBeVisible();
  await expect(page.getByText("エラーコード: 400")).toBeVisible();
  await expect(page.getByText("ページのアドレス（URL）が正しくありません。")).toBeVisible();
  // The brand's frame, as on every page.
  await expect(page.locator("html")).toHaveAttribute("data-brand", "sakidori");
  await expect(page.getByRole("banner")).toBeVisible();
});

test("another user's calendar file (/entry/detail/N/return.ics) is the page-not-found screen", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const owner = await UpstreamUser.register(freshEmail("ics-owner"));
  runOperator("confirm-identity", String(owner.id));
  const entry = await owner.createEntry();
  const email = freshEmail("ics-stranger");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  const response = await open(`/entry/detail/${entry.id}/return.ics`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
  await expect(page).toHaveTitle("ページが見つかりません | サキドリ");
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(page.getByRole("link", { name: "マイページへ戻る" })).toBeVisible();
  await expect(page.getByText(entry.code)).toHaveCount(0);
});
