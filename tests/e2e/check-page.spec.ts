// JavaScript on and off, on a 375 px phone: the confirmation page (/profile/before_entry) shows what will
// be sent (the financial documents by kind, each statement account with its bank, number, format,
// period and files, a bank holiday's note beside a payment date), and the entry's detail shows the
// same files afterwards, grouped by what they are.

import { addDays, bankClosure } from "../../app/domain/bank-calendar";
import { formatJapaneseDate, japanDate } from "../../app/domain/japan-date";
import { earliestPaymentDate, returnDeadline } from "../../app/domain/return-deadline";
import { neededWithdrawalsDetailStartDate } from "../../app/domain/withdrawal-step";
import { bankCalendar } from "../../app/lookup/japan-holidays.server";
import { validClaim } from "../fixtures/entry-body";
import { pdfFile, pngFile } from "./files";
import { type Page, expect, test } from "./fixtures";
import { entryNumbersOf } from "./support-wizard-run";
import { PAYOUT_ACCOUNT } from "./support-wizard-steps";

const PHONE = { width: 375, height: 812 };
const TODAY = japanDate(new Date());
const calendar = bankCalendar(TODAY, addDays(TODAY, 400));

/** The first bank holiday (a weekday one, or a weekend) the invoice step accepts as a payment date. */
function nextBankHoliday(): string {
  for (let day = addDays(earliestPaymentDate(TODAY, calendar), 7); ; day = addDays(day, 1)) {
    if (bankClosure(day, calendar)) return day;
  }
}

const HOLIDAY = nextBankHoliday();

/** The draft's statement accounts (a passbook at みどり銀行, internet banking at あおば) and payout account. */
function twoStatementAccounts(passbookFiles: number[], ibFiles: number[]) {
  return {
    banks: [
      {
        bank_name: "みどり銀行",
        bank_account_number: "1234567",
        file_format: "passbook",
        contentfile_relations: passbookFiles,
      },
      {
        bank_name: "あおば信用金庫",
        bank_account_number: "7654321",
        file_format: "ib",
        contentfile_relations: ibFiles,
      },
    ],
    bank_account: PAYOUT_ACCOUNT,
  };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
}

test("the check page lists the documents, each statement account and a holiday's note; the detail groups the files after", async ({
  page,
  userAtStep,
  logInAs,
  open,
}) => {
  await page.setViewportSize(PHONE);
  const user = await userAtStep("corporate");
  const invoice = await user.upload("invoice-1", pdfFile("請求書_2027-01.pdf"));
  const { contentfiles: _files, ...claim } = validClaim({ obliger_payment_date: HOLIDAY });
  await user.upload("tb_pl", pdfFile("試算表_損益.pdf"));
  await user.upload("tb_bs", pngFile("試算表_貸借.png"));
  const cover = await user.upload("passbook_cover-1", pngFile("通帳表紙.png"));
  const details = await user.upload("passbook_details-1", pdfFile("通帳明細.pdf"));
  const ibInfo = await user.upload("ib_info-2", pngFile("口座情報.png"));
  const ibDetails = await user.upload("ib_details-2", pdfFile("明細_8月.pdf"));
  const ibMore = await user.upload("ib_details-2", pdfFile("明細_9月.pdf"));
  await user.send("PATCH", "/api/draft_entry/", {
    claims: [{ ...claim, contentfile_relations: [invoice] }],
    can_submit_financial_statements: false,
    ...twoStatementAccounts([cover, details], [ibInfo, ibDetails, ibMore]),
  });

  await logInAs(user, "/profile/before_entry");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("会員情報の確認とお申し込み");

  const financial = page.getByRole("region", { name: "決算書類" });
  await expect(financial).toContainText("試算表");
  await expect(financial.getByRole("list", { name: "試算表（損益計算書）" })).toHaveText("試算表_損益.pdf");
  await expect(financial.getByRole("list", { name: "試算表（貸借対照表）" })).toHaveText("試算表_貸借.png");

  const start = formatJapaneseDate(neededWithdrawalsDetailStartDate(null, new Date()));
  const first = page.getByRole("region", { name: "口座1" });
  await expect(first).toContainText("みどり銀行");
  await expect(first).toContainText("1234567");
  await expect(first).toContainText("通帳");
  await expect(first).toContainText(`${start}から本日までの入出金`);
  await expect(first.getByRole("list", { name: "通帳の表紙（口座1）" })).toHaveText("通帳表紙.png");
  await expect(first.getByRole("list", { name: "入出金のページ（口座1）" })).toHaveText("通帳明細.pdf");
  const second = page.getByRole("region", { name: "口座2" });
  await expect(second).toContainText("あおば信用金庫");
  await expect(second).toContainText("7654321");
  await expect(second).toContainText("インターネットバンキング");
  await expect(
    second.getByRole("list", { name: "入出金明細の画面（口座2）" }).getByRole("listitem"),
  ).toHaveText(["明細_8月.pdf", "明細_9月.pdf"]);

  const claimRow = page.getByRole("region", { name: "請求書1" });
  await expect(claimRow).toContainText(formatJapaneseDate(HOLIDAY));
  await expect(claimRow).toContainText(
    `入金は翌営業日の${formatJapaneseDate(returnDeadline(HOLIDAY, calendar))}になる見込みです。`,
  );
  await expect(claimRow.getByRole("list", { name: "請求書1の請求書" })).toHaveText("請求書_2027-01.pdf");
  await shot(page, "check-page");

  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page).toHaveURL(/\/entry\/complete/);
  const [entry] = entryNumbersOf(user);
  await open(`/entry/detail/${entry!.id}`);

  const documents = page.getByRole("region", { name: "決算書類" });
  await expect(documents.getByRole("list", { name: "試算表（損益計算書）" })).toHaveText("試算表_損益.pdf");
  await expect(documents.getByRole("list", { name: "試算表（貸借対照表）" })).toHaveText("試算表_貸借.png");
  const passbook = page.getByRole("region", { name: "口座1" });
  await expect(passbook).toContainText("みどり銀行");
  await expect(passbook).toContainText("1234567");
  await expect(passbook).toContainText("通帳");
  await expect(passbook.getByRole("list", { name: "通帳の表紙（口座1）" })).toHaveText("通帳表紙.png");
  await expect(passbook.getByRole("list", { name: "入出金のページ（口座1）" })).toHaveText("通帳明細.pdf");
  const ib = page.getByRole("region", { name: "口座2" });
  await expect(ib).toContainText("あおば信用金庫");
  await expect(ib).toContainText("7654321");
  await expect(ib).toContainText("インターネットバンキング");
  await expect(ib.getByRole("list", { name: "口座情報の画面（口座2）" })).toHaveText("口座情報.png");
  await expect(ib.getByRole("list", { name: "入出金明細の画面（口座2）" }).getByRole("listitem")).toHaveText([
    "明細_8月.pdf",
    "明細_9月.pdf",
  ]);
  await expect(
    page.getByRole("region", { name: /^請求書1/ }).getByRole("list", { name: "請求書1の請求書" }),
  ).toHaveText("請求書_2027-01.pdf");
  await shot(page, "detail-files");
});

test("an account left after the one above it was removed keeps its own files and bank, on the check page and the detail; another format's leftovers are not sent", async ({
  page,
  userAtStep,
  logInAs,
  open,
}) => {
  const user = await userAtStep("corporate", { financialDone: true });
  const invoice = await user.upload("invoice-1", pdfFile("請求書_2027-01.pdf"));
  const { contentfiles: _files, ...claim } = validClaim();
  // 口座1 was removed: the account left was uploaded as 口座2, and the one added after it is 口座2 too.
  const cover = await user.upload("passbook_cover-2", pngFile("みどり表紙.png"));
  const details = await user.upload("passbook_details-2", pdfFile("みどり明細.pdf"));
  const info = await user.upload("ib_info-2", pngFile("あおば口座情報.png"));
  const ibDetails = await user.upload("ib_details-2", pdfFile("あおば明細.pdf"));
  // The second account was a passbook first: its cover stays in the draft, of the format no longer chosen.
  const leftover = await user.upload("passbook_cover-2", pngFile("あおば旧表紙.png"));
  await user.send("PATCH", "/api/draft_entry/", {
    claims: [{ ...claim, contentfile_relations: [invoice] }],
    ...twoStatementAccounts([cover, details], [leftover, info, ibDetails]),
  });

  const expectAccounts = async () => {
    const first = page.getByRole("region", { name: "口座1" });
    await expect(first).toContainText("みどり銀行");
    await expect(first.getByRole("list", { name: "通帳の表紙（口座1）" })).toHaveText("みどり表紙.png");
    await expect(first.getByRole("list", { name: "入出金のページ（口座1）" })).toHaveText("みどり明細.pdf");
    const second = page.getByRole("region", { name: "口座2" });
    await expect(second).toContainText("あおば信用金庫");
    await expect(second.getByRole("list", { name: "口座情報の画面（口座2）" })).toHaveText(
      "あおば口座情報.png",
    );
    await expect(second.getByRole("list", { name: "入出金明細の画面（口座2）" })).toHaveText(
      "あおば明細.pdf",
    );
    await expect(page.getByRole("main")).not.toContainText("あおば旧表紙.png");
  };
  await logInAs(user, "/profile/before_entry");
  await expectAccounts();
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page).toHaveURL(/\/entry\/complete/);
  const [entry] = entryNumbersOf(user);
  await open(`/entry/detail/${entry!.id}`);
  await expectAccounts();
});
