// Offer only what the brand accepts (§6): a white-label brand without individuals
// offers 法人 only at /register, and refuses 個人事業主 if it is posted anyway (422, the message at the
// field, what was typed kept). The own brand still offers both. The white label asks the consent its
// privacy policy describes (its partner bank informed), refuses without it and the upstream records it;
// the own brand has no partner and asks nothing.

import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, userCount } from "./support";
import { userRow } from "./support-account";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";
import { PartnerConsentMessage } from "../../app/domain/partner-consent";

const division = (page: Page) => page.getByRole("group", { name: /事業形態/ });
const CONSENT = /上記の情報を株式会社みどり銀行に提供することに同意します/;

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("パスワード（確認） ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(/利用規約.*に同意する/).check();
}

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
  await page.getByLabel(CONSENT).check();
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

test("the white label asks the consent to inform its partner bank: to whom, what, why; the own brand does not", async ({
  page,
  open,
}) => {
  await open(`${MIDORI_URL}/register`);
  const consent = page.getByRole("region", { name: "株式会社みどり銀行への情報の提供" });
  await expect(consent.getByRole("definition").nth(0)).toHaveText("株式会社みどり銀行");
  await expect(consent).toContainText(
    "お申込みの有無と状況（審査の結果、ご契約、買取代金のお支払いとご返金の状況）",
  );
  await expect(consent).toContainText(
    "お客さまからのご相談にお応えし、同社のお取引とあわせたご案内をするため",
  );
  await expect(consent.getByRole("link", { name: "プライバシーポリシー" })).toHaveAttribute(
    "href",
    "/policy/privacy",
  );
  await expect(page.getByLabel(CONSENT)).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath("midori-register.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await consent.screenshot({ path: test.info().outputPath("midori-consent-375.png") });

  await open(`${SAKIDORI_URL}/register`);
  await expect(page.getByText("への情報の提供")).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(1);
});

test("the white label refuses a registration without the consent, keeps what was typed, then records it", async ({
  page,
  open,
  freshEmail,
}) => {
  const email = freshEmail("midori-consent");
  await open(`${MIDORI_URL}/register`);
  await fillRegistration(page, email);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "同意して登録する" }).click();
  expect((await answer).status()).toBe(422);
  const consent = page.getByRole("region", { name: "株式会社みどり銀行への情報の提供" });
  await expect(consent.getByText(PartnerConsentMessage.required)).toBeVisible();
  await expect(page.locator(".error-summary")).toContainText(PartnerConsentMessage.required);
  await expect(page.getByLabel("メールアドレス ※必須", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel(/利用規約.*に同意する/)).toBeChecked();
  expect(userCount(email)).toBe(0);

  // Passwords never come back from the server (without JavaScript the page was sent anew).
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("パスワード（確認） ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel(CONSENT).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page).toHaveURL(/\/register\/complete$/);
  expect(userRow(email).partner_consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

test("the own brand registers without any partner consent, and records none", async ({
  page,
  open,
  freshEmail,
}) => {
  const email = freshEmail("own-no-partner");
  await open(`${SAKIDORI_URL}/register`);
  await fillRegistration(page, email);
  await page.getByRole("radio", { name: "法人" }).check();
  await page.getByRole("button", { name: "同意して登録する" }).click();
  await expect(page).toHaveURL(/\/register\/complete$/);
  expect(userRow(email).partner_consent_at).toBeNull();
});
