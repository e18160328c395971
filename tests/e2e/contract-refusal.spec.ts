// JavaScript on and off, with the operator command driving the review: no term the owner cannot keep.
// A reviewed entry whose bought claim's deadline has come, or whose owner's identity has expired, is
// not offered the contract: the contract page and the detail say why and what to do; My page asks for
// no contract and says it cannot be made, linking to why; a post is refused and nothing is contracted.

import { formatJapaneseDate } from "../../app/domain/japan-date";
import { ContractRefusalMessage } from "../../app/domain/contract-refusal";
import { paymentDateDueByToday } from "../fixtures/dates";
import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD, setClaimDates } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

async function reviewedEntry(freshEmail: (label?: string) => string) {
  const email = freshEmail("refusal");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  reviewClaims([entry.claimIds[0]]);
  return { email, user, entry };
}

/** A post of the consent as the page's form would send it: refused, and the entry stays reviewed. */
async function expectPostRefused(page: Page, entryId: number, message: string) {
  const response = await page.request.post(`/entry/contract/${entryId}`, {
    form: { agreed: "on" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(message);
  expect(runOperator("show-entry", String(entryId))).toMatch(/"status": 3,/);
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a bought claim whose deadline has come: the contract page names the claim and the date and gives the contact instead of the consent; the detail says the same; My page asks for no contract and says why not; a post is refused", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, entry } = await reviewedEntry(freshEmail);
  const date = paymentDateDueByToday();
  setClaimDates(entry.claimIds[0]!, date);
  await logIn(email, STRONG_PASSWORD);

  await expect(page.getByRole("link", { name: "ご契約の手続きへ進む" })).toHaveCount(0);
  await expect(page.getByText("このお申し込みはいまはご契約いただけません")).toBeVisible();
  await page.getByRole("link", { name: "ご契約できない理由を確認する" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}$`));

  await open(`/entry/contract/${entry.id}`);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(`請求書1・株式会社売掛先の返金期日（${formatJapaneseDate(date)}）が`);
  await expect(alert).toContainText("お申し込みをキャンセルし、請求書の新しい入金予定日でお申し込みし直すか");
  await expect(alert.getByRole("link", { name: "support@sakidori.example" })).toHaveAttribute(
    "href",
    /^mailto:support@sakidori\.example\?subject=/,
  );
  await expect(page.getByRole("button", { name: "同意して契約する" })).toHaveCount(0);
  await screenshots(page, "contract-deadline-refused");

  await open(`/entry/detail/${entry.id}`);
  await expect(page.getByRole("alert")).toContainText("返金期日より前に買取代金をお支払いできないため");
  await expect(page.getByRole("link", { name: "ご契約の手続きへ進む" })).toHaveCount(0);
  await screenshots(page, "detail-deadline-refused");

  await expectPostRefused(page, entry.id, "返金期日より前に買取代金をお支払いできないため");
});

test("an owner whose identity has expired: the contract page says so with a link to /profile instead of the consent; a post is refused", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, user, entry } = await reviewedEntry(freshEmail);
  runOperator("expire-identity", String(user.id));
  await logIn(email, STRONG_PASSWORD);
  await expect(page.getByRole("link", { name: "ご契約の手続きへ進む" })).toHaveCount(0);

  await open(`/entry/contract/${entry.id}`);
  await expect(page.getByRole("alert")).toContainText(ContractRefusalMessage.identityExpired);
  await expect(page.getByRole("button", { name: "同意して契約する" })).toHaveCount(0);
  await screenshots(page, "contract-identity-refused");
  await page.getByRole("link", { name: "プロフィールで本人確認書類を提出する" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await open(`/entry/contract/${entry.id}`);
  await expectPostRefused(page, entry.id, ContractRefusalMessage.identityExpired);
});
