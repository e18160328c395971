// The withdrawal step, /entry/withdrawal_details (§2 submitWithdrawalsDetail): account activity
// statements with their uploads (§3, §4), the needed start date (§4, 4-month lookback), the payout
// bank account (§5), the draft kept, and "次へ" to /profile/before_entry. Every test runs with
// JavaScript on and off.

import { type Locator, type Page, expect, test } from "./fixtures";
import { formatJapaneseDate } from "../../app/domain/japan-date";
import { ValidationMessage } from "../../app/domain/messages";
import { neededWithdrawalsDetailStartDate } from "../../app/domain/withdrawal-step";
import { pdfFile, pngFile } from "./files";

const PAGE = "/entry/withdrawal_details";
const statement = (page: Page, n: number) => page.locator(`#bank-${n}`);
const payout = (page: Page) => page.getByRole("group", { name: "お振込先口座（買取代金のお振込先）" });
const summary = (page: Page) => page.locator(".error-summary");
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label} ※必須$`));

async function fillPayout(
  page: Page,
  values: { bank: string; branch: string; type?: "普通" | "当座"; number: string; holder: string },
) {
  const group = payout(page);
  await field(group, "金融機関名").fill(values.bank);
  await field(group, "支店名").fill(values.branch);
  if (values.type) await group.getByRole("radio", { name: values.type }).check();
  await field(group, "口座番号").fill(values.number);
  await field(group, "口座名義（カナ）").fill(values.holder);
}

test("statements by passbook and by internet banking, the start date, the payout account, then /profile/before_entry; the draft survives", async ({
  page,
  open,
  uploadAndWait,
  applicantOn,
}) => {
  const user = await applicantOn(PAGE, "corporate", { financialDone: true });
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("入出金明細と振込先口座");

  // §4 no last withdrawals-detail date: the start of the month 4 months ago.
  const start = formatJapaneseDate(neededWithdrawalsDetailStartDate(null, new Date()));
  await expect(page.getByTestId("withdrawals-start-date")).toHaveText(
    `${start}以降の入出金がわかるものをご用意ください。`,
  );

  // Statement 1: a passbook (full-width digits are converted).
  await field(statement(page, 1), "金融機関名").fill("みどり銀行");
  await field(statement(page, 1), "口座番号").fill("１２３４５６７");
  await statement(page, 1).getByRole("button", { name: "入力内容を保存" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details\?saved=1#bank-1$/);
  await uploadAndWait("通帳の表紙（口座1）", pngFile("cover.png"));
  await uploadAndWait("入出金のページ（口座1）", pdfFile("passbook.pdf"));

  // Statement 2: internet banking.
  await page.getByRole("button", { name: "口座を追加する" }).click();
  await expect(page).toHaveURL(/#bank-2$/);
  await field(statement(page, 2), "金融機関名").fill("さくら信用金庫");
  await field(statement(page, 2), "口座番号").fill("7654321");
  await statement(page, 2).getByRole("radio", { name: "インターネットバンキング" }).check();
  await statement(page, 2).getByRole("button", { name: "入力内容を保存" }).click();
  await expect(page).toHaveURL(/\?saved=1#bank-2$/);
  await uploadAndWait("口座情報の画面（口座2）", pngFile("ib-info.png"));
  await uploadAndWait("入出金明細の画面（口座2）", pdfFile("ib-details.pdf"));

  // The payout account; a half-width kana holder name is converted (formatHolderName).
  await fillPayout(page, {
    bank: "みどり銀行",
    branch: "本店営業部",
    type: "当座",
    number: "2345678",
    holder: "ｶ)ｻｷﾄﾞﾘ",
  });
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/profile\/before_entry$/);

  // The draft holds everything, with the upload ids in each statement's contentfile_relations.
  const draft = (await user.draft()) as {
    banks: {
      bank_name: string;
      bank_account_number: string;
      file_format: string;
      contentfile_relations: number[];
    }[];
    bank_account: Record<string, string>;
  };
  expect(draft.banks).toHaveLength(2);
  expect(draft.banks[0]).toMatchObject({
    bank_name: "みどり銀行",
    bank_account_number: "1234567",
    file_format: "passbook",
  });
  expect(draft.banks[1]).toMatchObject({ bank_name: "さくら信用金庫", file_format: "ib" });
  expect(draft.banks[0]!.contentfile_relations).toHaveLength(2);
  expect(draft.banks[1]!.contentfile_relations).toHaveLength(2);
  expect(draft.bank_account).toEqual({
    bank_name: "みどり銀行",
    branch_name: "本店営業部",
    deposit_type: "checking",
    bank_account_number: "2345678",
    account_holder_name: "カ）サキドリ",
  });

  // Coming back shows what was saved.
  await open(PAGE);
  await expect(field(statement(page, 1), "口座番号")).toHaveValue("1234567");
  await expect(statement(page, 2).getByRole("radio", { name: "インターネットバンキング" })).toBeChecked();
  await expect(
    statement(page, 2).getByRole("list", { name: "入出金明細の画面（口座2）のアップロード済みファイル" }),
  ).toContainText("ib-details.pdf");
  await expect(field(payout(page), "口座名義（カナ）")).toHaveValue("カ）サキドリ");
  await expect(payout(page).getByRole("radio", { name: "当座" })).toBeChecked();
});

test("each §5 message at its field and in the summary, with what was typed kept", async ({
  page,
  applicantOn,
}) => {
  await applicantOn(PAGE, "corporate", { financialDone: true });

  await field(statement(page, 1), "口座番号").fill("12345a6");
  await fillPayout(page, { bank: "みどり銀行", branch: "", number: "123", holder: "ヲカダ" });
  await page.getByRole("button", { name: "次へ" }).click();

  const holderMessage = ValidationMessage.accountHolderName;
  await expect(summary(page)).toContainText(`口座1の金融機関名：${ValidationMessage.blank}`);
  await expect(summary(page)).toContainText(`口座1の口座番号：${ValidationMessage.bankAccountNumber}`);
  await expect(summary(page)).toContainText(
    "口座1の入出金明細のアップロード：通帳の表紙と入出金のページをアップロードしてください。",
  );
  await expect(summary(page)).toContainText(`お振込先の支店名：${ValidationMessage.blank}`);
  // §9 "Default deposit type ordinary": nothing to choose, nothing to refuse.
  await expect(summary(page)).not.toContainText("お振込先の預金種目");
  await expect(payout(page).getByRole("radio", { name: "普通" })).toBeChecked();
  await expect(summary(page)).toContainText(`お振込先の口座番号：${ValidationMessage.bankAccountNumber}`);
  await expect(summary(page)).toContainText(`お振込先の口座名義（カナ）：${holderMessage}`);
  await expect(page).toHaveURL(/\/entry\/withdrawal_details$/);

  // At the fields, and the values kept (they are saved in the draft before the check).
  await expect(statement(page, 1)).toContainText(ValidationMessage.bankAccountNumber);
  await expect(field(statement(page, 1), "口座番号")).toHaveValue("12345a6");
  await expect(field(payout(page), "口座名義（カナ）")).toHaveValue("ヲカダ");
  await expect(field(payout(page), "口座名義（カナ）")).toHaveAttribute("aria-invalid", "true");

  // 31 characters, and marks only, are refused too.
  for (const holder of ["ア".repeat(31), "（）ー"]) {
    await field(payout(page), "口座名義（カナ）").fill(holder);
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(field(payout(page), "口座名義（カナ）")).toHaveValue(holder);
    await expect(payout(page)).toContainText(holderMessage);
  }
});

test("statements are added and removed with buttons; a skipped financial step sends back to /entry", async ({
  page,
  logInAs,
  userAtStep,
  applicantOn,
}) => {
  const user = await applicantOn(PAGE, "corporate", { financialDone: true });
  await expect(page.getByRole("button", { name: "口座1を削除する" })).toHaveCount(0);

  await field(statement(page, 1), "金融機関名").fill("一番銀行");
  await page.getByRole("button", { name: "口座を追加する" }).click();
  await expect(statement(page, 2)).toBeVisible();
  await field(statement(page, 2), "金融機関名").fill("二番銀行");
  await page.getByRole("button", { name: "口座を追加する" }).click();
  await expect(statement(page, 3)).toBeVisible();
  await expect(field(statement(page, 1), "金融機関名")).toHaveValue("一番銀行");

  await page.getByRole("button", { name: "口座1を削除する" }).click();
  await expect(page).toHaveURL(/\/entry\/withdrawal_details#statements$/);
  await expect(statement(page, 3)).toHaveCount(0);
  await expect(field(statement(page, 1), "金融機関名")).toHaveValue("二番銀行");
  await expect(field(statement(page, 2), "金融機関名")).toHaveValue("");
  expect(((await user.draft()) as { banks: unknown[] }).banks).toHaveLength(2);

  // A user whose financial step is not done is sent back to it (entry-step guard).
  const early = await userAtStep("individual");
  await page.context().clearCookies();
  await logInAs(early, PAGE);
  // A sole proprietor hears of the 確定申告書 (sole-proprietor-words.spec.ts).
  await expect(page).toHaveURL(/\/entry\?error=unfinished_tax_return$/);
});
