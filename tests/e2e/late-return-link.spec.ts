// JavaScript on and off, on a 375 px phone: My page's banner for a late return, or one due within the
// week, links each such claim to its own return on the detail page (its amount, then the account to send
// it to), not to the page's top, and lands with both in view.

import type { Locator, Page } from "@playwright/test";
import { validClaim } from "../fixtures/entry-body";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD, setClaimDates } from "./support";
import { UpstreamUser, markDelayAfterDeadline, runOperator, reviewClaims } from "./support-account";

const PHONE = { width: 375, height: 667 };
const DEBTORS = ["株式会社売掛先", "株式会社二番商事"];

/** Whether the element's whole box lies inside the viewport as the page is scrolled now. */
async function wholeInView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** An owner whose entry of one claim per debtor was bought, contracted and paid out. */
async function paidOutEntry(email: string) {
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({
    claims: DEBTORS.map((debtor) => validClaim({ obliger_company_name: debtor })),
  });
  reviewClaims(entry.claimIds);
  runOperator("mark-contracted", String(entry.id));
  runOperator("mark-transferred", String(entry.id));
  return entry;
}

test("each late claim's link on My page lands on its own amount and the account to send it to, both in view at 375 px", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const email = freshEmail("late-link");
  const entry = await paidOutEntry(email);
  for (const claimId of entry.claimIds) markDelayAfterDeadline(claimId);

  await page.setViewportSize(PHONE);
  await logIn(email, STRONG_PASSWORD);
  for (const [index, debtor] of DEBTORS.entries()) {
    const number = index + 1;
    await open("/mypage");
    const card = page
      .getByRole("list", { name: "お申し込みの一覧" })
      .getByRole("listitem")
      .filter({ hasText: `申込番号 ${entry.code}` });
    await expect(card).toContainText("ご返金が遅れている請求書があります。至急ご返金ください。");
    if (index === 0) {
      await page.screenshot({
        path: test.info().outputPath("mypage-late-phone.png"),
        fullPage: true,
      });
    }
    await card
      .getByRole("link", { name: `請求書${number}（${debtor}）のご返金の金額と振込先を確認する` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}#return-${number}$`));

    // The anchor names an element of the page, and it is this claim's return: its debtor and amount.
    const target = page.locator(`[id="return-${number}"]`);
    await expect(target).toHaveCount(1);
    await expect(target).toContainText(`請求書${number}（${debtor}）`);
    await expect(target).toContainText("返金額 1,000,000円");
    // Landed there: the claim's amount and the account's every line are on the screen, not 1,900 px down.
    const account = page.getByRole("region", { name: /^ご返金の振込先/ }).locator("dl");
    await expect(account).toContainText("口座番号");
    await expect.poll(() => wholeInView(page, target)).toBe(true);
    await expect.poll(() => wholeInView(page, account)).toBe(true);
    await page.screenshot({
      path: test.info().outputPath(`detail-late-${number}-phone.png`),
    });
  }
});

test("a return due within the week links each such claim to its own amount and the account, in view at 375 px", async ({
  page,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("soon-link");
  const entry = await paidOutEntry(email);
  // The second claim due in five days; the first keeps its date months away.
  const inFiveDays = new Date(Date.now() + 9 * 3_600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  setClaimDates(entry.claimIds[1]!, inFiveDays);

  await page.setViewportSize(PHONE);
  await logIn(email, STRONG_PASSWORD);
  const card = page
    .getByRole("list", { name: "お申し込みの一覧" })
    .getByRole("listitem")
    .filter({ hasText: `申込番号 ${entry.code}` });
  await expect(card).toContainText("ご返金の期日が7日以内に迫っている請求書があります。");
  await expect(card.getByRole("link", { name: /のご返金の金額と振込先を確認する$/ })).toHaveCount(1);
  await card.getByRole("link", { name: `請求書2（${DEBTORS[1]}）のご返金の金額と振込先を確認する` }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}#return-2$`));

  const target = page.locator('[id="return-2"]');
  await expect(target).toContainText(`請求書2（${DEBTORS[1]}）`);
  await expect(target).toContainText("返金額 1,000,000円");
  await expect(page.getByText("ご返金の期日が近づいています")).toBeVisible();
  await expect(page.locator('[id="return-1"]')).toHaveCount(0);
  const account = page.getByRole("region", { name: /^ご返金の振込先/ }).locator("dl");
  await expect.poll(() => wholeInView(page, target)).toBe(true);
  await expect.poll(() => wholeInView(page, account)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("detail-soon-phone.png") });
});
