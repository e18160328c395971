// §6 on a brand without individuals (midori): the profile forms and the pre-entry screening never
// offer 個人事業主, a post that asks for it anyway is refused at the field with nothing saved (it
// would lock the account out for good), and /unsupported tells the truth on each brand, naming it
// and whom to contact. JavaScript on and off.

import { type Page, expect, test } from "./fixtures";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { STRONG_PASSWORD, upstreamDatabase } from "./support";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";
import { readyToApply } from "./support-wizard-steps";
import { sampleProfile } from "../../reference-upstream/demo/sample-entry";

const REFUSAL = "このサービスは法人のお客さまのみご利用いただけます。事業形態は「法人」を選択してください。";

/** Every field of the profile form, valid, asking for 個人事業主 under another company name. */
const FORGED_PROFILE = sampleProfile("individual", "偽装屋");

function storedDivision(email: string) {
  const db = upstreamDatabase();
  try {
    return db.prepare("SELECT corporate_division, company_name FROM users WHERE email = ?").get(email);
  } finally {
    db.close();
  }
}

async function logInOnMidori(page: Page, hydrated: () => Promise<void>, email: string) {
  await page.goto(`${MIDORI_URL}/login`);
  await hydrated();
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(`${MIDORI_URL}/mypage`);
}

test("midori's profile forms offer 法人 only, and a forged 個人事業主 is refused with nothing saved", async ({
  page,
  hydrated,
}) => {
  const user = await readyToApply(test.info(), "corporate", "midori");
  await logInOnMidori(page, hydrated, user.email);

  for (const path of ["/register/profile", "/profile"]) {
    await page.goto(`${MIDORI_URL}${path}`);
    await hydrated();
    const division = page.getByRole("group", { name: /事業形態/ });
    await expect(division.getByRole("radio")).toHaveCount(1);
    await expect(division.getByRole("radio", { name: "法人" })).toBeChecked();
    await expect(page.getByText("個人事業主", { exact: true })).toHaveCount(0);
    await expect(division).toContainText("このサービスは法人のお客さまのみご利用いただけます。");
  }

  const forms = [
    { path: "/register/profile", form: { ...FORGED_PROFILE, identity_document_type: "drivingLicence" } },
    { path: "/profile", form: { ...FORGED_PROFILE, intent: "profile" } },
  ];
  // Node does not resolve *.localhost as Chromium does: the post goes to the app's address with the
  // white-label host and the browser's cookies of that host, as the browser would send them.
  const cookies = await page.context().cookies(MIDORI_URL);
  for (const { path, form } of forms) {
    const response = await page.request.post(`${SAKIDORI_URL}${path}`, {
      form,
      headers: {
        Host: new URL(MIDORI_URL).host,
        Origin: MIDORI_URL,
        Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
      },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(422);
    expect(await response.text()).toContain(REFUSAL);
    expect(storedDivision(user.email)).toEqual({
      corporate_division: "corporate",
      company_name: "株式会社テスト商事",
    });
  }
  // Still a customer of the brand: My page, not /unsupported.
  await page.goto(`${MIDORI_URL}/mypage`);
  await expect(page).toHaveURL(`${MIDORI_URL}/mypage`);
});

test("/unsupported is true on each brand: it names the brand and whom to contact", async ({ page, open }) => {
  await open(`${MIDORI_URL}/unsupported`);
  const midori = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "個人事業主のお客さまはご利用いただけません",
  );
  await expect(midori).toContainText(`${WHITE_LABEL_BRAND.serviceName}は法人のお客さま専用のサービスです。`);
  await expect(midori).toContainText(
    `${WHITE_LABEL_BRAND.contactDesk}（${WHITE_LABEL_BRAND.supportEmail}）までお問い合わせください。`,
  );

  await open(`${SAKIDORI_URL}/unsupported`);
  const sakidori = page.getByRole("main");
  await expect(sakidori).not.toContainText("専用");
  await expect(sakidori).not.toContainText("ご利用いただけません");
  await expect(sakidori).toContainText(
    `${DEFAULT_BRAND.serviceName}は、法人のお客さまも個人事業主のお客さまもご利用いただけます。`,
  );
  await expect(sakidori).toContainText(
    `ご不明な点は、${DEFAULT_BRAND.contactDesk}（${DEFAULT_BRAND.supportEmail}）までお問い合わせください。`,
  );
});

test("midori's pre-entry offers 法人 only, and a forged 個人事業主 is refused at its field with every answer kept", async ({
  page,
  hydrated,
}) => {
  const user = await readyToApply(test.info(), "corporate", "midori");
  await logInOnMidori(page, hydrated, user.email);

  await page.goto(`${MIDORI_URL}/register/pre_entry`);
  await hydrated();
  const division = page.getByRole("group", { name: /事業形態/ });
  await expect(division.getByRole("radio")).toHaveCount(1);
  await expect(division.getByRole("radio", { name: "法人" })).toBeChecked();
  await expect(page.getByText("個人事業主", { exact: true })).toHaveCount(0);
  await expect(division).toContainText("このサービスは法人のお客さまのみご利用いただけます。");

  const cookies = await page.context().cookies(MIDORI_URL);
  const response = await page.request.post(`${SAKIDORI_URL}/register/pre_entry`, {
    form: {
      corporate_division: "individual",
      years_in_business: "7",
      annual_sales: "34,560,000",
      has_invoice: "yes",
      has_tax_delinquency: "yes",
    },
    headers: {
      Host: new URL(MIDORI_URL).host,
      Origin: MIDORI_URL,
      Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(422);
  const html = await response.text();
  expect(html).toContain(REFUSAL);
  // Nothing typed is lost: the answers come back in their fields.
  expect(html).toContain('value="34,560,000"');
  expect(html).toContain('value="7"');
  // No screening was recorded, so nobody was declined for an answer the brand never offered.
  await page.goto(`${MIDORI_URL}/mypage`);
  await expect(page).toHaveURL(`${MIDORI_URL}/mypage`);
  await expect(page.getByRole("main")).not.toContainText("事前審査の結果、お申し込みいただけません。");
});
