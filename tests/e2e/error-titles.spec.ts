// Issue 14, "honest error codes": every error screen has a `<title>`, and a request the app
// refuses itself shows its own code rather than §2's "session expired".

import { expect, test } from "./fixtures";

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
