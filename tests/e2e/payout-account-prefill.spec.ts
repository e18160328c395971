// Prefilled from what we know: the withdrawal step's お振込先口座 shows the account
// saved in the profile while the draft has none; it stays editable, and what is saved is the draft's.

import { type Page, expect, test } from "./fixtures";

const PAGE = "/entry/withdrawal_details";
const payout = (page: Page) => page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
const field = (page: Page, label: string) => payout(page).getByLabel(new RegExp(`^${label} ※必須$`));

test("the payout account comes from the profile when the draft has none, and stays editable", async ({
  page,
  open,
  logInAs,
  userAtStep,
}) => {
  const user = await userAtStep("corporate", { financialDone: true });
  await user.send("PATCH", "/api/profile/", {
    bank_account: {
      bank_name: "みどり銀行",
      branch_name: "本店営業部",
      deposit_type: "checking",
      bank_account_number: "2345678",
      account_holder_name: "カ）サキドリ",
    },
  });
  await logInAs(user, PAGE);
  await expect(field(page, "金融機関名")).toHaveValue("みどり銀行");
  await expect(field(page, "支店名")).toHaveValue("本店営業部");
  await expect(field(page, "口座番号")).toHaveValue("2345678");
  await expect(field(page, "口座名義（カナ）")).toHaveValue("カ）サキドリ");
  await expect(payout(page).getByRole("radio", { name: "当座" })).toBeChecked();

  // Edited and saved: the draft's account is shown from now on, not the profile's.
  await field(page, "支店名").fill("駅前支店");
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page).toHaveURL(/saved=1/);
  await open(PAGE);
  await expect(field(page, "支店名")).toHaveValue("駅前支店");
  expect(((await user.draft()).bank_account as Record<string, string>).branch_name).toBe("駅前支店");
});
