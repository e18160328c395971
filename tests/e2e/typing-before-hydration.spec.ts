// On a slow line the invoice step is shown and usable seconds before its scripts arrive (decision
// 0015): whatever a person types, picks or checks in that time must still be there once React takes
// over the page, and after its first renders (decision 0026). The scripts are held back until the
// fields are filled, then let through.

import type { Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./support";
import { INVOICE_STEP_URL, claim } from "./support-wizard-invoice";

test("what is typed into the invoice step while its scripts load is kept when they take over", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}, testInfo) => {
  test.skip(!javaScript, "without JavaScript no script takes over the page");
  await applicantOnInvoiceStep("typing-early");

  // A fresh document whose scripts wait until the fields are filled.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  await page.route(/\/build\/.*\.js$/, (route: Route) => {
    const done = released.then(() => route.continue());
    held.push(done);
    return done;
  });
  await page.goto(INVOICE_STEP_URL);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  const first = claim(page, 1);
  const fields = {
    amount: page.getByLabel("希望買取額（円）", { exact: false }),
    purpose: page.getByLabel("資金使途", { exact: false }),
    company: first.getByLabel("売掛先の会社名", { exact: false }),
    houjinbangou: first.getByLabel("売掛先の法人番号", { exact: false }),
    date: first.getByLabel("入金予定日（支払期日）", { exact: false }),
    bank: first.getByLabel("金融機関名", { exact: false }),
    account: first.getByLabel("口座番号", { exact: false }),
  };
  const typed = {
    amount: "2,500,000",
    purpose: "外注費の支払い",
    company: "株式会社はやうち",
    houjinbangou: "7123456789012",
    date: "2027-01-29",
    bank: "みどり銀行",
    account: "7654321",
  };
  for (const [name, value] of Object.entries(typed)) await fields[name as keyof typeof fields].fill(value);
  const checking = first.getByRole("group", { name: /預金種目/ }).getByRole("radio", { name: "当座" });
  const fixed = first
    .getByRole("group", { name: /請求金額は確定していますか/ })
    .getByRole("radio", { name: "いいえ" });
  await checking.check();
  await fixed.check();
  // Still the server's page: nothing of the app has run yet.
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  expect(held.length).toBeGreaterThan(0);

  release();
  await waitForHydration(page, testInfo);
  const expectKept = async () => {
    for (const [name, value] of Object.entries(typed))
      await expect(fields[name as keyof typeof fields]).toHaveValue(value);
    await expect(checking).toBeChecked();
    await expect(fixed).toBeChecked();
  };
  await expectKept();

  // The page's first renders after hydration (its totals follow the amounts) leave them too.
  await first.getByLabel("請求書額面（税込・円）", { exact: false }).fill("1,100,000");
  await expect(first.getByLabel("請求書額面（税込・円）", { exact: false })).toHaveValue("1,100,000");
  await expectKept();
});
