// JavaScript on and off, with the operator command moving the money: each return received shows the
// day it came at its claim, also while another claim is still owed; once every return is received the
// entry reads 完了（ご返金確認済み） on the detail and on My page, never 買取代金お振込済み.

import { formatJapaneseDate, japanDate } from "../../app/domain/japan-date";
import { validClaim } from "../fixtures/entry-body";
import { type Page, expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

const COMPLETED = "完了（ご返金確認済み）";

/** A paid-out entry of two bought claims. */
async function paidOutEntry(freshEmail: (label?: string) => string) {
  const email = freshEmail("returned");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({
    claims: [validClaim(), validClaim({ obliger_company_name: "株式会社二番商事" })],
  });
  reviewClaims(entry.claimIds);
  runOperator("mark-contracted", String(entry.id));
  runOperator("mark-transferred", String(entry.id));
  return { email, entry };
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("each return shows the day it was received; all received, the entry reads 完了（ご返金確認済み） on the detail and My page", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const { email, entry } = await paidOutEntry(freshEmail);
  // The operator records the return now: the day it came is today in Japan.
  const receivedOn = formatJapaneseDate(japanDate(new Date()));
  await logIn(email, STRONG_PASSWORD);

  // One return received, the other still owed: the entry is not complete, the received one says when.
  runOperator("mark-returned", String(entry.claimIds[0]));
  await open(`/entry/detail/${entry.id}`);
  const first = page.getByRole("group", { name: "請求書1のご返金" });
  const second = page.getByRole("group", { name: "請求書2のご返金" });
  await expect(first).toContainText("ご返金確認日");
  await expect(first).toContainText(receivedOn);
  await expect(second).not.toContainText("ご返金確認日");
  await expect(page.locator(".entry-detail-head")).toContainText("買取代金お振込済み");
  await expect(page.locator(".entry-detail-head")).not.toContainText(COMPLETED);

  runOperator("mark-returned", String(entry.claimIds[1]));
  await open(`/entry/detail/${entry.id}`);
  await expect(page.locator(".entry-detail-head")).toContainText(COMPLETED);
  await expect(page.getByRole("main")).not.toContainText("買取代金お振込済み");
  for (const claim of [first, second]) {
    await expect(claim).toContainText("ご返金確認日");
    await expect(claim).toContainText(receivedOn);
  }
  const road = page.getByRole("list", { name: "お申し込みの進み具合" });
  await expect(road.locator('[aria-current="step"]')).toHaveCount(0);
  await expect(road.getByRole("listitem").last()).toContainText("完了");
  await expect(road.getByRole("listitem").last()).toContainText(receivedOn);
  await screenshots(page, "detail-completed");

  await open("/mypage");
  const card = page
    .getByRole("list", { name: "お申し込みの一覧" })
    .getByRole("listitem")
    .filter({ hasText: `申込番号 ${entry.code}` });
  await expect(card).toContainText(COMPLETED);
  await expect(card).not.toContainText("買取代金お振込済み");
  await expect(card).not.toContainText("次の返金期日");
  await screenshots(page, "mypage-completed");
});
