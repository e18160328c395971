// The privacy policy complete for 個人情報保護法 (第32条: the operator's name, address and representative,
// and how to ask for disclosure; 第27条第5項第3号: a joint use's items, users, purposes and the one
// responsible), and the landing page saying what the service costs and how soon it pays, in the figures
// of the 特定商取引法 notice. Each brand, JavaScript on and off, at 375 px.

import { type Page, expect, test } from "./fixtures";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { partnerConsentTerms } from "../../app/domain/partner-consent";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";

const BRAND_HOSTS = [
  { brand: DEFAULT_BRAND, url: SAKIDORI_URL },
  { brand: WHITE_LABEL_BRAND, url: MIDORI_URL },
] as const;

test.use({ viewport: { width: 375, height: 812 } });

/** A row's value on a legal page: the table's label is the row header. */
function rowValue(page: Page, label: string) {
  return page.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
}

/** What the 特定商取引法 notice says of the operator, the price and the time. */
async function noticeOf(page: Page, url: string) {
  await page.goto(`${url}/legal/sct`);
  const price = await rowValue(page, "役務の対価").innerText();
  const timing = await rowValue(page, "役務の提供時期").innerText();
  const figure = (pattern: RegExp, text: string) => {
    const found = pattern.exec(text)?.[1];
    expect(found, String(pattern)).toBeTruthy();
    return found!;
  };
  return {
    address: await rowValue(page, "所在地").innerText(),
    representative: await rowValue(page, "運営責任者").innerText(),
    ratio: figure(/掛目は返金額の([\d.]+%(?:〜[\d.]+%)?)/, price),
    fee: figure(/買取手数料は買取額の([\d.]+%(?:〜[\d.]+%)?)/, price),
    cost: figure(/ご負担額は、返金額の([\d.]+%(?:〜[\d.]+%)?)/, price),
    reviewDays: figure(/原則として(\d+)営業日以内/, timing),
    leadDays: figure(/最短で(\d+)営業日/, timing),
  };
}

/** What the landing page's price section names, in order. */
const LANDING_TERMS = ["掛目", "手数料", "ご負担額", "審査の結果", "お振込み"] as const;

for (const { brand, url } of BRAND_HOSTS) {
  test(`${brand.id}: the privacy policy names the operator, its representative, any joint use and how to ask for disclosure`, async ({
    page,
    open,
  }) => {
    const notice = await noticeOf(page, url);
    const response = await open(`${url}/policy/privacy`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");

    await expect(rowValue(page, "事業者の名称")).toHaveText(brand.operatorName);
    await expect(rowValue(page, "所在地").first()).toHaveText(notice.address);
    await expect(rowValue(page, "代表者")).toHaveText(notice.representative);

    if (brand.partnerName) {
      const terms = partnerConsentTerms(brand.partnerName);
      const jointUse = `${brand.partnerName}との共同利用`;
      await expect(page.getByRole("heading", { name: jointUse })).toBeVisible();
      await expect(rowValue(page, "共同して利用する個人データの項目")).toHaveText(terms.data);
      await expect(rowValue(page, "共同して利用する者の範囲")).toHaveText(`当社および${brand.partnerName}`);
      await expect(rowValue(page, "利用する者の利用目的")).toContainText(terms.purpose);
      const responsible = rowValue(page, "個人データの管理について責任を有する者");
      await expect(responsible).toContainText(brand.operatorName);
      await expect(responsible).toContainText(notice.address);
      await expect(responsible).toContainText(notice.representative);
    } else {
      // No partner, no joint use: the policy does not claim one it cannot describe.
      await expect(main).not.toContainText("共同利用");
      await expect(main).not.toContainText("提携");
    }

    await expect(page.getByRole("heading", { name: "6. 開示等のご請求" })).toBeVisible();
    for (const step of [
      "当社所定の請求書をお送りします",
      "ご本人であることを確認できる書類",
      "委任状",
      "ご指定の電磁的方法",
      "手数料はいただきません",
    ]) {
      await expect(main, step).toContainText(step);
    }
    await page.screenshot({ path: test.info().outputPath(`privacy-${brand.id}-phone.png`), fullPage: true });

    // The registration's consent sends the reader to that section by its name.
    if (brand.partnerName) {
      await open(`${url}/register`);
      await expect(page.locator(".consent-box")).toContainText(
        `「${brand.partnerName}との共同利用」をご覧ください`,
      );
    }
  });

  test(`${brand.id}: the landing page says the 掛目, the fee, the cost and how soon money arrives, as the 特定商取引法 notice does`, async ({
    page,
    open,
  }) => {
    const notice = await noticeOf(page, url);
    await open(`${url}/`);
    const section = page.getByRole("region", { name: "費用とお振込みの時期" });
    await expect(section.getByRole("term")).toHaveText(LANDING_TERMS);
    const value = (term: (typeof LANDING_TERMS)[number]) =>
      section.getByRole("definition").nth(LANDING_TERMS.indexOf(term));
    await expect(value("掛目")).toContainText(`返金額（売掛先から入金される額）の${notice.ratio}`);
    await expect(value("手数料")).toContainText(`買取額（返金額 × 掛目）の${notice.fee}`);
    await expect(value("ご負担額")).toContainText(`返金額の${notice.cost}`);
    await expect(value("審査の結果")).toContainText(`原則${notice.reviewDays}営業日以内`);
    await expect(value("お振込み")).toContainText("ご契約の翌営業日まで");
    await expect(value("お振込み")).toContainText(`最短${notice.leadDays}営業日`);
    await expect(section.getByRole("link", { name: "特定商取引法に基づく表記" })).toHaveAttribute(
      "href",
      "/legal/sct",
    );
    await expect(section.locator(".notice")).toHaveText(
      /審査は無料です。詳しくは特定商取引法に基づく表記をご覧ください。$/,
    );
    await page.screenshot({ path: test.info().outputPath(`landing-${brand.id}-phone.png`), fullPage: true });
  });
}
