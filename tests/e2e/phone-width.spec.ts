// No horizontal scroll on a 375 px phone (/register/profile was once 397 px wide) nor on a 320 px
// one (an iPhone SE of the first generation, or a larger text size): every page, logged out and
// logged in, the wizard's steps included, fits the viewport's width.

import { type Page, type TestInfo, expect, test } from "./fixtures";
import { openPage } from "./support";

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

/** The pages that scroll sideways at `width`, with their width. */
async function tooWide(
  page: Page,
  testInfo: TestInfo,
  width: number,
  paths: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openPage(page, path, testInfo);
    const scrolled = await page.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    );
    if (scrolled > width) found.push(`${path} (${new URL(page.url()).pathname}): ${scrolled}px`);
  }
  return found;
}

for (const width of [375, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 812 } });

    test(`no page scrolls sideways at ${width} px, logged out`, async ({ page }, testInfo) => {
      expect(await tooWide(page, testInfo, width, LOGGED_OUT)).toEqual([]);
    });

    test(`no page scrolls sideways at ${width} px, logged in, the wizard included`, async ({
      applicantOn,
      page,
    }, testInfo) => {
      await applicantOn("/mypage", "corporate", { financialDone: true, withdrawalDone: true });
      expect(await tooWide(page, testInfo, width, LOGGED_IN)).toEqual([]);
    });
  });
}
