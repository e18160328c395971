// White-label: each brand reads its own name, logo and colours (CSS variables, no
// extra JavaScript), the white-label brand carries the content tag id of §9, BRAND fixes the brand for
// a deployment, and the wrong-service login names the other brand's login. JavaScript on and off.

import { type Page, expect, test } from "./fixtures";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { STRONG_PASSWORD, registerThroughUpstream } from "./support";
import { MIDORI_URL, SAKIDORI_URL, rgbOf, startAppWithBrand } from "./support-brands";

const BRAND_HOSTS = [
  { brand: DEFAULT_BRAND, url: SAKIDORI_URL },
  { brand: WHITE_LABEL_BRAND, url: MIDORI_URL },
] as const;

/** The script files a page loads: a brand must not add any. */
async function scriptSources(page: Page): Promise<string[]> {
  return page
    .locator("script[src]")
    .evaluateAll((scripts) =>
      scripts.map((script) => new URL((script as HTMLScriptElement).src).pathname).sort(),
    );
}

for (const { brand, url } of BRAND_HOSTS) {
  test(`${brand.id}: the landing page shows the brand's logo, name and colours`, async ({ page, open }) => {
    const response = await open(`${url}/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${brand.serviceName} \\|`));
    await expect(page.locator("html")).toHaveAttribute("data-brand", brand.id);

    const header = page.getByRole("banner");
    const logo = header.getByRole("img", { name: brand.serviceName });
    await expect(logo).toBeVisible();
    await expect(header.getByRole("link", { name: brand.serviceName })).toHaveAttribute("href", "/");
    await expect(header).toHaveCSS("background-color", rgbOf(brand.colors.primary));
    await expect(page.locator(".hero-service")).toHaveText(brand.serviceName);
    // The accent colour of the brand is the primary button's.
    await expect(page.getByRole("link", { name: "無料で会員登録する" })).toHaveCSS(
      "background-color",
      rgbOf(brand.colors.accent),
    );
    await expect(page.getByRole("contentinfo")).toContainText(brand.supportEmail);
  });

  test(`${brand.id}: the legal pages read the brand's own service name`, async ({ page, open }) => {
    await open(`${url}/terms`);
    await expect(page).toHaveTitle(`利用規約 | ${brand.serviceName}`);
    await expect(page.getByRole("main")).toContainText(
      `「${brand.serviceName}」（以下「本サービス」といいます。）`,
    );
    await open(`${url}/legal/sct`);
    await expect(page.getByRole("row", { name: /^メールアドレス/ })).toContainText(brand.supportEmail);
    await expect(page.getByRole("row", { name: /^提携先/ })).toHaveCount(brand.partnerName ? 1 : 0);
    await open(`${url}/ext/signup`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${brand.serviceName}へようこそ`);
  });
}

test("§9: the content tag id 15 is published on the white-label brand only, with no extra script", async ({
  page,
  open,
}) => {
  await open(`${MIDORI_URL}/`);
  await expect(page.locator('head meta[name="content-tag-id"]')).toHaveAttribute("content", "15");
  const midoriScripts = await scriptSources(page);

  await open(`${SAKIDORI_URL}/`);
  await expect(page.locator('meta[name="content-tag-id"]')).toHaveCount(0);
  expect(await scriptSources(page)).toEqual(midoriScripts);

  // On every page of the white-label brand, not only the landing page.
  await open(`${MIDORI_URL}/login`);
  await expect(page.locator('head meta[name="content-tag-id"]')).toHaveAttribute("content", "15");
});

test("BRAND=midori fixes the white-label brand for a deployment, whatever the host", async ({
  page,
  open,
}) => {
  const app = await startAppWithBrand("midori");
  try {
    await open(`${app.url}/`);
    await expect(
      page.getByRole("banner").getByRole("img", { name: WHITE_LABEL_BRAND.serviceName }),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCSS(
      "background-color",
      rgbOf(WHITE_LABEL_BRAND.colors.primary),
    );
    await expect(page.locator('head meta[name="content-tag-id"]')).toHaveAttribute("content", "15");
  } finally {
    await app.stop();
  }
});

test("a sakidori account logging in on the white-label brand is told to use the sakidori login", async ({
  page,
  open,
  hydrated,
  freshEmail,
}) => {
  const email = freshEmail("crossbrand");
  await registerThroughUpstream(email, { serviceId: "sakidori" });
  await open(`${MIDORI_URL}/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();

  const link = page.getByRole("link", { name: `${DEFAULT_BRAND.serviceName}のログインページ` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", `${SAKIDORI_URL}/login`);
  await expect(page).toHaveURL(new RegExp(`^${MIDORI_URL}/login`));

  // Following the link, the same account logs in on its own brand.
  await link.click();
  await expect(page).toHaveURL(`${SAKIDORI_URL}/login`);
  await hydrated();
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(`${SAKIDORI_URL}/mypage`);

  // It never was logged in on the white-label brand.
  await open(`${MIDORI_URL}/mypage`);
  await expect(page).toHaveURL(new RegExp(`^${MIDORI_URL}/login\\?redirectTo=%2Fmypage$`));
});
