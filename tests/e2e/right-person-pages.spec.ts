// Pages that answer the person who opens them, JavaScript on and off: the agreement of one's own entry
// still under review says it comes after the review (409, a way back to the entry), never the 404
// 「URLをご確認ください」, while someone else's entry stays not found; /entry/complete says an entry was
// received and its receipt mailed only for the opener's own entry just submitted.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

const RECEIPT = "受付の確認メールをお送りしました";

async function applicantWithEntryUnderReview(freshEmail: (label?: string) => string) {
  const email = freshEmail("right-person");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  return { email, entry: await user.createEntry() };
}

test("the agreement of one's own entry under review says it comes after the review; another's is not found", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const other = await applicantWithEntryUnderReview(freshEmail);
  const { email, entry } = await applicantWithEntryUnderReview(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.setViewportSize({ width: 375, height: 800 });

  const response = await open(`/entry/${entry.id}/factoring_service_agreement`);
  expect(response?.status()).toBe(409);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("契約書は審査の完了後にご覧いただけます");
  await expect(page.getByText("このお申し込みは審査中です。")).toBeVisible();
  await expect(page.getByText("URLをご確認ください")).toHaveCount(0);
  await expect(page).toHaveTitle(/^契約書は審査の完了後にご覧いただけます/);
  await page.screenshot({
    path: test.info().outputPath("agreement-under-review-phone.png"),
  });
  await page.getByRole("link", { name: "お申し込みの詳細へ戻る" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/detail/${entry.id}$`));

  expect((await open(`/entry/${other.entry.id}/factoring_service_agreement`))?.status()).toBe(404);
});

test("/entry/complete claims a receipt only for the opener's own entry just submitted", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const other = await applicantWithEntryUnderReview(freshEmail);
  const neutral = "お申し込みの状況はマイページでご確認いただけます";

  // Logged out, the address alone.
  await open("/entry/complete");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(neutral);
  await expect(page.getByText(RECEIPT)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "マイページへ" })).toBeVisible();

  const { email, entry } = await applicantWithEntryUnderReview(freshEmail);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await page.setViewportSize({ width: 375, height: 800 });
  // Logged in, without an entry named, or naming someone else's.
  for (const path of ["/entry/complete", `/entry/complete?entry=${other.entry.id}`]) {
    await open(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(neutral);
    await expect(page.getByText(RECEIPT), path).toHaveCount(0);
    await expect(page.getByText(other.entry.code), path).toHaveCount(0);
  }
  await page.screenshot({
    path: test.info().outputPath("complete-neutral-phone.png"),
  });

  // One's own entry just submitted: received, mailed, its number.
  await open(`/entry/complete?entry=${entry.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("お申し込みを受け付けました");
  await expect(page.getByText(RECEIPT)).toBeVisible();
  await expect(page.getByText(entry.code)).toBeVisible();

  // The same entry after review: no longer news of a receipt; its number and its detail remain.
  reviewClaims([entry.claimIds[0]], { decision: "cannot_buy" });
  await open(`/entry/complete?entry=${entry.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(neutral);
  await expect(page.getByText(RECEIPT)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "お申し込みの詳細を見る" })).toBeVisible();
});
