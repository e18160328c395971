// Each brand's pages give its own example names (JavaScript on and off): the white label's forms never
// show the main brand's company, building or account holder, nor the main brand the white label's bank.

import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, registerThroughUpstream } from "./support";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";

async function profilePageOf(
  page: Page,
  open: (url: string) => Promise<unknown>,
  base: string,
  email: string,
) {
  await open(`${base}/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`${base}/register/profile`);
}

test("the white label's profile form gives its own examples, the main brand's its own", async ({
  page,
  open,
  freshEmail,
}) => {
  const midori = freshEmail("midori-examples");
  await registerThroughUpstream(midori, { serviceId: "midori" });
  await profilePageOf(page, open, MIDORI_URL, midori);
  const form = page.locator("main");
  await expect(form).toContainText("例: 株式会社みどり商事");
  await expect(form).toContainText("例: 丸の内1-1-1 みどりビル3階");
  for (const other of ["サキドリ商事", "サキドリビル", "サキドリシヨウジ", "sakidori.example"]) {
    await expect(form).not.toContainText(other);
  }

  const own = freshEmail("own-examples");
  await registerThroughUpstream(own);
  await page.context().clearCookies();
  await profilePageOf(page, open, SAKIDORI_URL, own);
  await expect(page.locator("main")).toContainText("例: 株式会社サキドリ商事");
  await expect(page.locator("main")).not.toContainText("みどり");
});
