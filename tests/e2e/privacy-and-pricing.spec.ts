// The privacy policy complete for 個人情報保護法 (第32条: the operator's name, address and representative,
// and how to ask for disclosure; 第27条第5項第3号: a joint use's items, users, purposes and the one
// responsible). Each brand, JavaScript on and off, at 375 px.

import fs from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "./fixtures";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND } from "../../app/brand/brands";
import { partnerConsentTerms } from "../../app/domain/partner-consent";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";

const BRAND_HOSTS = [
  { brand: DEFAULT_BRAND, url: SAKIDORI_URL },
  { brand: WHITE_LABEL_BRAND, url: MIDORI_URL },
] as const;

test.use({ viewport: { width: 375, height: 812 } });

/** The whole page as a phone shows it, kept with the run's output or in SHOTS_DIR, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `legal-texts-${name}-${test.info().project.name}.png`),
    fullPage: true,
  });
}

/** A row's value on a legal page: the table's label is the row header. */
function rowValue(page: Page, label: string) {
  return page.getByRole("row", { name: new RegExp(`^${label}`) }).getByRole("cell");
}

/** What the 特定商取引法 notice says of the operator. */
async function noticeOf(page: Page, url: string) {
  await page.goto(`${url}/legal/sct`);
  return {
    address: await rowValue(page, "所在地").innerText(),
    representative: await rowValue(page, "運営責任者").innerText(),
  };
}

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
    await shoot(page, `privacy-${brand.id}`);

    // The registration's consent sends the reader to that section by its name.
    if (brand.partnerName) {
      await open(`${url}/register`);
      await expect(page.locator(".consent-box")).toContainText(
        `「${brand.partnerName}との共同利用」をご覧ください`,
      );
    }
  });
}
