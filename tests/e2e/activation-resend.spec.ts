// One message per resend outcome: the 4th resend within the limit's window says
// only that the limit is reached and when to try again, not 「再送しました」 beside it.

import { expect, test } from "./fixtures";
import { STRONG_PASSWORD } from "./support";
import { UpstreamUser, activationMailCount } from "./support-account";

test("the 4th resend shows one message, saying when to try again", async ({
  page,
  open,
  freshEmail,
  logIn,
}) => {
  const email = freshEmail("resend-limit");
  await UpstreamUser.register(email);
  await logIn(email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/mypage$/);
  await open("/register/activation");
  const resend = page.getByRole("button", { name: "確認メールを再送する" });
  for (let sent = 1; sent <= 3; sent += 1) {
    await resend.click();
    await expect(page.getByRole("status")).toContainText("確認メールを再送しました。");
    await expect.poll(() => activationMailCount(email)).toBe(1 + sent);
  }

  await resend.click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    /確認メールの再送は10分間に3回までです。あと\d+分ほどたってから、もう一度お試しください。/,
  );
  await expect(page.getByText("確認メールを再送しました。")).toHaveCount(0);
  expect(activationMailCount(email)).toBe(4);
});
