// JavaScript on and off: while some claims are reviewed and others are not, the detail page's totals say
// which claims they hold and that the rest are still under review; once every claim is reviewed they
// are the entry's totals again.

import { validClaim } from "../fixtures/entry-body";
import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, runOperator, reviewClaims } from "./support-account";

test("a partial review's totals name the reviewed claims and the one still under review; all reviewed, they are the entry's", async ({
  page,
  freshEmail,
  logIn,
  open,
}) => {
  const email = freshEmail("partial-totals");
  const user = await UpstreamUser.register(email);
  runOperator("confirm-identity", String(user.id));
  const entry = await user.createEntry({
    claims: [validClaim(), validClaim({ obliger_company_name: "株式会社二番商事" })],
  });
  reviewClaims([entry.claimIds[0]]);
  await logIn(email, STRONG_PASSWORD);

  await open(`/entry/detail/${entry.id}`);
  const totals = page.getByRole("region", { name: /^お受け取りの金額/ });
  await expect(totals.getByRole("heading", { level: 2 })).toHaveText(
    "お受け取りの金額（審査済みの請求書の合計）",
  );
  await expect(totals).toContainText(
    "この合計は、審査済みの請求書1の金額です。請求書2はまだ審査が終わっていないため、含めていません。審査が終わると、合計の金額が変わることがあります。",
  );
  await expect(page.getByTestId("figure-totals")).toContainText("お受け取り額854,340円");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("detail-partial-phone.png"), fullPage: true });
  await totals.screenshot({ path: test.info().outputPath("totals-partial-phone.png") });

  reviewClaims([entry.claimIds[1]]);
  await open(`/entry/detail/${entry.id}`);
  await expect(totals.getByRole("heading", { level: 2 })).toHaveText("お受け取りの金額（合計）");
  await expect(page.getByTestId("figure-totals-scope")).toHaveCount(0);
  await expect(page.getByTestId("figure-totals")).toContainText("お受け取り額1,708,680円");
});
