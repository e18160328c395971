// Decision 0023, JavaScript on and off: past a session's look-up limit the fields say so plainly and
// the person goes on typing by hand. With JavaScript the combobox and the postcode's note show the
// refusal as they type; without it, 「法人番号を検索」「金融機関を検索」 answer it at their field and
// 「住所を検索」 in the postcode's note, everything typed kept.

import { expect, test } from "./fixtures";
import { spendLookups } from "./support";
import { claim } from "./support-wizard-invoice";

const LIMIT_REACHED =
  /検索回数が上限に達しました。\d+(?:秒|分)ほどたってから、もう一度お試しください。検索を使わずに、直接入力することもできます。/;

test("the invoice step past the limit: the company and bank fields say so, and are typed by hand", async ({
  page,
  javaScript,
  applicantOnInvoiceStep,
}) => {
  await applicantOnInvoiceStep("lookup-limit");
  await spendLookups(page);
  const first = claim(page, 1);
  const company = first.getByLabel("売掛先の会社名", { exact: false });
  const bank = first.getByLabel("金融機関名", { exact: false });

  if (javaScript) {
    await company.pressSequentially("青葉精機");
    await expect(first.getByRole("status").filter({ hasText: LIMIT_REACHED })).toHaveCount(1);
    await expect(first.getByRole("listbox", { name: "法人番号の候補" })).toBeHidden();
    await bank.pressSequentially("みずほ");
    await expect(first.getByRole("status").filter({ hasText: LIMIT_REACHED })).toHaveCount(2);
  } else {
    await company.fill("青葉精機");
    await first.getByRole("button", { name: "法人番号を検索" }).click();
    await expect(company).toHaveAccessibleDescription(LIMIT_REACHED);
    await expect(company).toHaveValue("青葉精機");
    await bank.fill("みずほ");
    await first.getByRole("button", { name: "金融機関を検索" }).click();
    await expect(bank).toHaveAccessibleDescription(LIMIT_REACHED);
    await expect(bank).toHaveValue("みずほ");
  }

  // Typed by hand, as the message says: saved as typed.
  await company.fill("株式会社青葉精機");
  await first.getByLabel("売掛先の法人番号", { exact: false }).fill("3370101960011");
  await bank.fill("みずほ銀行");
  await page.getByRole("button", { name: "下書き保存" }).click();
  await expect(page).toHaveURL(/saved=1/);
  await expect(claim(page, 1).getByLabel("売掛先の会社名", { exact: false })).toHaveValue("株式会社青葉精機");
  await expect(claim(page, 1).getByLabel("売掛先の法人番号", { exact: false })).toHaveValue("3370101960011");
  await expect(claim(page, 1).getByLabel("金融機関名", { exact: false })).toHaveValue("みずほ銀行");
});

test("/profile past the limit: the postcode's note says so, the address is typed by hand", async ({
  page,
  javaScript,
  newApplicantOn,
}) => {
  await newApplicantOn("/profile", "corporate");
  await spendLookups(page);
  const owner = page.getByRole("group", { name: "代表者のご自宅・連絡先" });
  await page.getByLabel("代表者氏名（名） ※必須").fill("次郎");
  await owner.getByLabel("郵便番号 ※必須").fill("530-0001");
  if (!javaScript) await owner.getByRole("button", { name: "住所を検索" }).click();

  await expect(owner.getByRole("status")).toHaveText(LIMIT_REACHED);
  // Not the postcode's fault: no error at the field; nothing typed lost, nothing filled.
  await expect(owner.getByLabel("郵便番号 ※必須")).not.toHaveAttribute("aria-invalid", "true");
  await expect(owner.getByLabel("郵便番号 ※必須")).toHaveValue("530-0001");
  await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("渋谷区");
  await expect(page.getByLabel("代表者氏名（名） ※必須")).toHaveValue("次郎");
  await owner.getByLabel("都道府県 ※必須").selectOption("大阪府");
  await owner.getByLabel("市区町村 ※必須").fill("大阪市北区");
  await expect(owner.getByLabel("市区町村 ※必須")).toHaveValue("大阪市北区");
});
