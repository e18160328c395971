// JavaScript on and off, with the operator command: an entry that needs the user is
// shown on My page with the action to take (the contract waiting; then, after transfer, a return that
// is late); a delay claim blocks a new entry (My page says why and what to do; the wizard refuses to
// open and says so) until the operator's permission lifts it.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { markDelayAfterDeadline, runOperator, UpstreamUser, reviewClaims } from "./support-account";

test("the entry that needs the user shows its action; a delay blocks a new entry until the permission lifts it", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const email = freshEmail("attention");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry();
  reviewClaims([entry.claimIds[0]]);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  const card = page.getByRole("list", { name: "お申し込みの一覧" }).getByRole("listitem").first();
  await expect(card).toContainText(
    "審査が完了しました。買取条件をご確認のうえ、ご契約の手続きにお進みください。",
  );
  await card.getByRole("link", { name: "ご契約の手続きへ進む" }).click();
  await expect(page).toHaveURL(new RegExp(`/entry/contract/${entry.id}$`));

  runOperator("set-entry-permission", String(user.id), "false");
  runOperator("mark-contracted", String(entry.id));
  runOperator("mark-transferred", String(entry.id));
  markDelayAfterDeadline(entry.claimIds[0]!);
  await open("/mypage");
  await expect(card).toContainText("ご返金が遅れている請求書があります。至急ご返金ください。");
  await expect(card.getByRole("link", { name: "ご返金の金額と振込先を確認する" })).toHaveAttribute(
    "href",
    `/entry/detail/${entry.id}#return-1`,
  );
  const reasons = page.getByRole("list", { name: "お申し込みできない理由" });
  await expect(reasons).toContainText("ご返金が遅れている請求書があるため、新しいお申し込みはできません。");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("mypage-delay-phone.png"), fullPage: true });

  // The wizard refuses to open for the same reason, and says where to look.
  await open("/entry/entry_invoice");
  await expect(page).toHaveURL(/\/mypage\?error=entry_blocked$/);
  await expect(
    page.getByText("現在、新しいお申し込みはできません。理由と、していただくことは"),
  ).toBeVisible();

  runOperator("set-entry-permission", String(user.id), "true");
  await open("/mypage");
  await expect(page.getByRole("link", { name: "新しく申し込む" })).toBeVisible();
  await expect(page.getByRole("list", { name: "お申し込みできない理由" })).toHaveCount(0);
});
