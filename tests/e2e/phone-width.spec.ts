// No horizontal scroll on a 375 px phone (/register/profile was once 397 px wide): every
// page, logged out and logged in, the wizard's steps included, fits the viewport's width.

import { type Page, type TestInfo, expect, test } from "./fixtures";
import { openPage } from "./support";
import { withdrawalDone } from "./support-wizard-steps";

test.use({ viewport: { width: 375, height: 812 } });

const LOGGED_OUT = [
  "/",
  "/login",
  "/register",
  "/register/complete",
  "/profile/password/reset/recover",
  "/profile/password/reset/done",
  "/profile/password/reset/reset/done",
  "/company/mail/complete",
  "/entry/complete",
  "/terms",
  "/policy/privacy",
  "/policy/security",
  "/legal/sct",
  "/maintenance",
  "/unsupported",
  "/ext/authentication_error",
  "/404",
  "/no-such-page",
];

const LOGGED_IN = [
  "/mypage",
  "/profile",
  "/register/profile",
  "/register/activation",
  "/profile/password/change",
  "/profile/password/change/done",
  "/profile/mail/change/done",
  "/entry/entry_invoice",
  "/entry",
  "/entry/withdrawal_details",
  "/profile/before_entry",
];

/** The pages that scroll sideways, with their width. */
async function tooWide(page: Page, testInfo: TestInfo, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openPage(page, path, testInfo);
    const width = await page.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    );
    if (width > 375) found.push(`${path} (${new URL(page.url()).pathname}): ${width}px`);
  }
  return found;
}

test("no page scrolls sideways at 375 px, logged out", async ({ page }, testInfo) => {
  expect(await tooWide(page, testInfo, LOGGED_OUT)).toEqual([]);
});

test("no page scrolls sideways at 375 px, logged in, the wizard included", async ({
  page,
  logInAs,
  userAtStep,
}, testInfo) => {
  const user = await userAtStep("corporate", { financialDone: true });
  await withdrawalDone(user);
  await logInAs(user);
  expect(await tooWide(page, testInfo, LOGGED_IN)).toEqual([]);
});
