// Offer only what the brand accepts (§6): a white-label brand without individuals
// offers 法人 only at /register, and refuses 個人事業主 if it is posted anyway (422, the message at the
// field, what was typed kept). The own brand still offers both.

import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, userCount } from "./support";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";

const division = (page: Page) => page.getByRole("group", { name: /事業形態/ });

test("a brand without individuals offers 法人 only, chosen already", async ({ page, open }) => {
  await open(`${MIDORI_URL}/register`);
  await expect(division(page).getByRole("radio")).toHaveCount(1);
  await expect(division(page).getByRole("radio", { name: "法人" })).toBeChecked();
  await expect(division(page)).toContainText("法人のお客さま");

  await open(`${SAKIDORI_URL}/register`);
  await expect(division(page).getByRole("radio")).toHaveCount(2);
});

test("a brand without individuals refuses 個人事業主 posted anyway, at the field, values kept", async ({
  page,
  open,
  freshEmail,
}) => {
  const email = freshEmail("midori-individual");
  await open(`${MIDORI_URL}/register`);
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("パスワード（確認） ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(/に同意する/).check();
  // A hand-made post: the page offers no such choice.
  const corporate = division(page).getByRole("radio", { name: "法人" });
  await corporate.check();
  await corporate.evaluate((radio: HTMLInputElement) => {
    radio.value = "individual";
  });
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "同意して登録する" }).click();
  expect((await answer).status()).toBe(422);
  await expect(division(page)).toContainText(
    "このサービスは法人のお客さまのみご利用いただけます。事業形態は「法人」を選択してください。",
  );
  await expect(page.getByLabel("メールアドレス ※必須", { exact: true })).toHaveValue(email);
  expect(userCount(email)).toBe(0);
});
