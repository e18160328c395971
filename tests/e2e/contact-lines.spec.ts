// Wherever a screen says 「お問い合わせ」, it gives the contact on that screen (JavaScript on and off): the
// brand's desk and its e-mail address, in the page's own words, not only in the footer.

import { type Page, expect, test } from "./fixtures";
import { DEFAULT_BRAND, WHITE_LABEL_BRAND, type Brand } from "../../app/brand/brands";
import { STRONG_PASSWORD, registerThroughUpstream } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";
import { MIDORI_URL, SAKIDORI_URL } from "./support-brands";

/** The page's own content (the footer's address does not count) names the desk and links its address. */
async function expectContactWhereAsked(page: Page, brand: Brand, where: string) {
  const main = page.getByRole("main");
  await expect(main, `${where} says お問い合わせ`).toContainText("お問い合わせ");
  await expect(main, `${where} names the desk`).toContainText(brand.contactDesk);
  await expect(
    main.getByRole("link", { name: brand.supportEmail }).first(),
    `${where} links the address`,
  ).toHaveAttribute("href", new RegExp(`^mailto:${brand.supportEmail}`));
}

test("the pages anyone may open give the contact where they say お問い合わせ, on both brands", async ({
  page,
  open,
}) => {
  for (const [base, brand] of [
    [SAKIDORI_URL, DEFAULT_BRAND],
    [MIDORI_URL, WHITE_LABEL_BRAND],
  ] as const) {
    for (const path of ["/unsupported", "/ext/authentication_error", "/no/such/page"]) {
      await open(`${base}${path}`);
      await expectContactWhereAsked(page, brand, `${brand.id} ${path}`);
    }
  }
});

test("a member's pages give the contact where they say お問い合わせ", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  // Not yet verified: the activation page.
  const unverified = freshEmail("contact-activation");
  await registerThroughUpstream(unverified);
  await logIn(unverified, STRONG_PASSWORD);
  await open("/register/activation");
  await expectContactWhereAsked(page, DEFAULT_BRAND, "/register/activation");
  await page.context().clearCookies();

  // Declined at the screening: its result and My page.
  const email = freshEmail("contact-declined");
  const user = await UpstreamUser.register(email);
  const answers = { corporate_division: "corporate", years_in_business: 3, annual_sales: 12_000_000 };
  expect(
    (await user.post("/api/pre_entry/", { ...answers, has_invoice: true, has_tax_delinquency: true })).status,
  ).toBe(201);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await expectContactWhereAsked(page, DEFAULT_BRAND, "/mypage (declined)");
  await open("/pre_entry/result");
  await expectContactWhereAsked(page, DEFAULT_BRAND, "/pre_entry/result (declined)");
  await page.context().clearCookies();

  // An entry's resubmission (an invoice to fix): the receiving account cannot be changed there.
  const applicant = await UpstreamUser.register(freshEmail("contact-resubmit"));
  runOperator("confirm-identity", String(applicant.id));
  const entry = await applicant.createEntry();
  reviewClaims([entry.claimIds[0]], {
    decision: "inadequate",
    reason: "請求書の日付が読めません。",
    document: "invoice",
  });
  await logIn(applicant.email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open(`/entry/resubmit/${entry.id}`);
  await expectContactWhereAsked(page, DEFAULT_BRAND, "/entry/resubmit");
});
