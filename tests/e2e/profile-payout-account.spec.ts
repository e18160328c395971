// One payout account: /profile's 「お振込先口座」 says where the payout account is kept (per entry, in
// the wizard's お振込先口座) and, with none registered on the profile, shows the one the last entry
// named, the one the next entry starts from; never an empty form beside an account that was paid.

import { validClaim, validEntryBody } from "../fixtures/entry-body";
import { expect, test } from "./fixtures";
import { setBankAccountEditable } from "./support";

const KEPT_PER_ENTRY =
  "買取代金は、お申し込みごとに、お申し込みの「お振込先口座」でご指定の口座へお振り込みします。";

const PAID_TO = {
  bank_name: "みずほ銀行",
  branch_name: "東京営業部",
  deposit_type: "ordinary",
  bank_account_number: "7654321",
  account_holder_name: "カ）テストシヨウジ",
};

test("/profile without an account of its own shows the account the last entry named, and says where it is kept", async ({
  page,
  readyToApply,
  logInAs,
}) => {
  const user = await readyToApply("corporate");
  const invoice = await user.upload("invoice-1");
  const body = validEntryBody({ bank_account: PAID_TO, claims: [validClaim({ contentfiles: [invoice] })] });
  const entry = (await user.send("POST", "/api/entries/", body)) as { code: string };
  await logInAs(user, "/profile");

  const section = page.getByRole("group", { name: "お振込先口座", exact: true });
  await expect(section).toContainText(KEPT_PER_ENTRY);
  const last = section.getByRole("group", { name: "前回のお申し込みのお振込先口座" });
  await expect(section).toContainText(
    `の前回のお申し込み（お申し込み番号 ${entry.code}）では、次の口座をお振込先にご指定いただいています。`,
  );
  await expect(last).toContainText("みずほ銀行（金融機関コード 0001）");
  await expect(last).toContainText("東京営業部（支店コード 001）");
  await expect(last).toContainText("7654321");
  await expect(last).toContainText("カ）テストシヨウジ");
});

test("/profile where the account may not be changed shows the registered account read-only, and whom to ask", async ({
  page,
  readyToApply,
  logInAs,
}) => {
  const user = await readyToApply("corporate");
  await user.send("PATCH", "/api/profile/", { bank_account: PAID_TO });
  setBankAccountEditable(user.id, false);
  await logInAs(user, "/profile");

  const section = page.getByRole("group", { name: "お振込先口座", exact: true });
  await expect(section).toContainText(KEPT_PER_ENTRY);
  const registered = section.getByRole("group", { name: "ご登録のお振込先口座" });
  await expect(registered).toContainText("みずほ銀行（金融機関コード 0001）");
  await expect(registered).toContainText("7654321");
  await expect(section).toContainText("ご登録の口座は、この画面では変更できません。");
  await expect(page.getByLabel(/^金融機関名/)).toHaveCount(0);
});
