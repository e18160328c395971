import { describe, expect, it } from "vitest";
import { type ReturnAccount, returnAccountHeading, returnAccountLines } from "~/domain/account-lines";

const ACCOUNT: ReturnAccount = {
  bankName: "サキドリ銀行",
  bankCode: "0999",
  branchName: "本店営業部",
  branchCode: "001",
  depositType: "普通",
  accountNumber: "1234567",
  holderName: "ｻｷﾄﾞﾘ(ｶ",
};

describe("returnAccountLines: the operator's collection account in full, as a bank transfer asks for it", () => {
  it("gives bank and code, branch and code, 種目, number and 名義, labelled, in that order", () => {
    expect(returnAccountLines(ACCOUNT)).toEqual([
      { part: "bank", label: "銀行", value: "サキドリ銀行（0999）" },
      { part: "branch", label: "支店", value: "本店営業部（001）" },
      { part: "depositType", label: "種目", value: "普通" },
      { part: "number", label: "口座番号", value: "1234567" },
      { part: "holder", label: "口座名義", value: "ｻｷﾄﾞﾘ(ｶ" },
    ]);
  });

  it("writes a current account as 当座 and keeps the holder exactly as the bank holds it", () => {
    const lines = returnAccountLines({ ...ACCOUNT, depositType: "当座", holderName: "ｶ)ﾐﾄﾞﾘ" });
    expect(lines.find((line) => line.label === "種目")?.value).toBe("当座");
    expect(lines.at(-1)).toEqual({ part: "holder", label: "口座名義", value: "ｶ)ﾐﾄﾞﾘ" });
  });
});

describe("returnAccountHeading: says what the account is for and whose it is", () => {
  it("names the operator", () => {
    expect(returnAccountHeading("サキドリ株式会社")).toBe("ご返金の振込先（サキドリ株式会社の口座）");
  });
});
