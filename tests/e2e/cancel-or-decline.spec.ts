// JavaScript on and off: an entry or claim the owner cancelled reads キャンセル済み and one the operator
// declined (the review's cannot_buy, the operator's cancel-claim) reads お見送り, on My page and on the
// detail page, even when both meet in one entry.

import { validClaim } from "../fixtures/entry-body";
import { type Page, expect, test } from "./fixtures";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

const CANCELLED = "キャンセル済み";
const DECLINED = "お見送り";

const twoClaims = () => ({
  claims: [validClaim(), validClaim({ obliger_company_name: "株式会社二番商事" })],
});

/** The entry's card on My page. */
const cardOf = (page: Page, code: string) =>
  page
    .getByRole("list", { name: "お申し込みの一覧" })
    .getByRole("listitem")
    .filter({ hasText: `申込番号 ${code}` });

const claimHeading = (page: Page, number: number) =>
  page.getByRole("heading", { level: 3, name: new RegExp(`^請求書${number}（`) });

test("the owner's cancel reads キャンセル済み and the operator's decline お見送り, on My page and the detail", async ({
  page,
  freshEmail,
  logInAs,
  open,
}) => {
  const user = await UpstreamUser.register(freshEmail("cancel-decline"));
  runOperator("confirm-identity", String(user.id));

  // Reviewed: the first claim can be bought, the second declined; then the owner cancels the entry.
  const cancelled = await user.createEntry(twoClaims());
  reviewClaims([cancelled.claimIds[0]!]);
  reviewClaims([cancelled.claimIds[1]], { decision: "cannot_buy" });
  expect((await user.post(`/api/entries/${cancelled.id}/cancel/`)).status).toBe(200);

  // Declined by the operator: one claim cannot be bought, the other the operator cancelled.
  const declined = await user.createEntry(twoClaims());
  reviewClaims([declined.claimIds[0]], { decision: "cannot_buy" });
  runOperator("cancel-claim", String(declined.claimIds[1]));

  await logInAs(user);
  const cancelledCard = cardOf(page, cancelled.code);
  await expect(cancelledCard.locator(".status-badge")).toHaveText(`状態：${CANCELLED}`);
  await expect(cancelledCard).toContainText(`2件（${DECLINED} 1件・${CANCELLED} 1件）`);
  const declinedCard = cardOf(page, declined.code);
  await expect(declinedCard.locator(".status-badge")).toHaveText(`状態：${DECLINED}`);
  await expect(declinedCard).toContainText(`2件（${DECLINED} 2件）`);
  await expect(page.getByRole("list", { name: "お申し込みの一覧" })).not.toContainText("終了");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({
    path: test.info().outputPath("mypage-phone.png"),
    fullPage: true,
  });

  await open(`/entry/detail/${cancelled.id}`);
  await expect(page.locator(".entry-detail-head .status-badge")).toHaveText(`状態：${CANCELLED}`);
  await expect(page.getByText("このお申し込みはキャンセルされました。")).toBeVisible();
  await expect(claimHeading(page, 1)).toContainText(CANCELLED);
  await expect(claimHeading(page, 2)).toContainText(DECLINED);
  // The first claim's offer stays on the page, but no money will come of it: no totals to receive.
  await expect(page.getByTestId("figure-totals")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /お受け取りの金額/ })).toHaveCount(0);
  await page.screenshot({
    path: test.info().outputPath("detail-cancelled-phone.png"),
    fullPage: true,
  });

  await open(`/entry/detail/${declined.id}`);
  await expect(page.locator(".entry-detail-head .status-badge")).toHaveText(`状態：${DECLINED}`);
  await expect(page.getByText("審査の結果、買い取りできる請求書がありませんでした。")).toBeVisible();
  await expect(claimHeading(page, 1)).toContainText(DECLINED);
  await expect(claimHeading(page, 2)).toContainText(DECLINED);
  await expect(page.getByRole("main")).not.toContainText(CANCELLED);
});
