import { describe, expect, it } from "vitest";
import {
  formatHolderName,
  isYuchoBankName,
  isValidAccountHolderName,
  isValidBankAccountNumber,
  normalizeBankAccountNumber,
  validateAccountHolderName,
  validateBankAccountNumber,
} from "../../../app/domain/bank-account";

describe("§5 Bank account number: exactly 7 half-width digits", () => {
  it("accepts exactly 7 half-width digits", () => {
    expect(isValidBankAccountNumber("1234567")).toBe(true);
    expect(isValidBankAccountNumber("0000001")).toBe(true);
  });

  it("refuses 6 or 8 digits", () => {
    expect(isValidBankAccountNumber("123456")).toBe(false);
    expect(isValidBankAccountNumber("12345678")).toBe(false);
  });

  it("refuses full-width digits (half-width only)", () => {
    expect(isValidBankAccountNumber("１２３４５６７")).toBe(false);
  });

  it("refuses letters, spaces, hyphens and the empty string", () => {
    for (const value of ["123456a", " 1234567", "1234567 ", "123-4567", "", "12 3456"]) {
      expect(isValidBankAccountNumber(value), value).toBe(false);
    }
  });

  it("answers with the message 7桁の半角数字で入力してください", () => {
    expect(validateBankAccountNumber("12")).toBe("7桁の半角数字で入力してください");
    expect(validateBankAccountNumber("7654321")).toBeNull();
  });
});

describe("an account number is normalised, never cut, then §5 decides", () => {
  it.each([
    ["1234567", "1234567"],
    ["１２３４５６７", "1234567"],
    ["123-4567", "1234567"],
    ["１２３－４５６７", "1234567"],
    ["123 4567", "1234567"],
    ["123\u30004567", "1234567"],
    ["123ー4567", "1234567"],
  ])("%s becomes %s and is valid", (typed, stored) => {
    expect(normalizeBankAccountNumber(typed)).toBe(stored);
    expect(isValidBankAccountNumber(normalizeBankAccountNumber(typed))).toBe(true);
  });

  it("8 digits stay 8 digits and get §5's message (7桁の半角数字で入力してください)", () => {
    for (const typed of ["12345678", "１２３４５６７８", "1234-5678"]) {
      const number = normalizeBankAccountNumber(typed);
      expect(number).toBe("12345678");
      expect(validateBankAccountNumber(number)).toBe("7桁の半角数字で入力してください");
    }
  });
});

describe("§5 Account holder name: katakana from ァ to ヱ and ン to ヴ (not ヲ), full-width alphanumerics, the marks ゛゜ﾞﾟ（）「」／ー．￥ and full-width space", () => {
  it("accepts katakana from ァ (U+30A1) to ヱ (U+30F1)", () => {
    expect(isValidAccountHolderName("ァ")).toBe(true);
    expect(isValidAccountHolderName("ヱ")).toBe(true);
    expect(isValidAccountHolderName("ヤマダタロウ")).toBe(true);
    expect(isValidAccountHolderName("ガギグゲゴパピプペポッャュョヮヰ")).toBe(true);
  });

  it("accepts ン (U+30F3) to ヴ (U+30F4)", () => {
    expect(isValidAccountHolderName("ン")).toBe(true);
    expect(isValidAccountHolderName("ヴ")).toBe(true);
  });

  it("refuses ヲ (U+30F2, between ヱ and ン)", () => {
    expect(isValidAccountHolderName("ヲ")).toBe(false);
    expect(isValidAccountHolderName("ヤマダヲ")).toBe(false);
  });

  it("refuses katakana outside the ranges (ヵ ヶ ヷ ・ ヽ)", () => {
    for (const value of ["ヵ", "ヶ", "ヷ", "ヤマダ・タロウ", "ヽ"]) {
      expect(isValidAccountHolderName(value), value).toBe(false);
    }
  });

  it("accepts full-width alphanumerics", () => {
    expect(isValidAccountHolderName("ＡＢＣ１２３ａｂｃ")).toBe(true);
  });

  it("refuses half-width alphanumerics, hiragana, kanji and half-width katakana letters", () => {
    for (const value of ["ABC", "123", "やまだ", "山田", "ﾔﾏﾀﾞ"]) {
      expect(isValidAccountHolderName(value), value).toBe(false);
    }
  });

  it("accepts each of the marks ゛゜ﾞﾟ（）「」／ー．￥ and the full-width space next to a letter", () => {
    for (const mark of ["゛", "゜", "ﾞ", "ﾟ", "（", "）", "「", "」", "／", "ー", "．", "￥", "\u3000"]) {
      expect(isValidAccountHolderName(`カ${mark}ヤマダ`), mark).toBe(true);
    }
  });

  it("refuses other marks (half-width brackets, hyphens, the katakana middle dot, ASCII space)", () => {
    for (const value of ["カ(ヤマダ", "ヤマダ-タロウ", "ヤマダ－タロウ", "ヤマダ タロウ", "ヤマダ、タロウ"]) {
      expect(isValidAccountHolderName(value), value).toBe(false);
    }
  });

  it("accepts at most 30 characters", () => {
    expect(isValidAccountHolderName("ア".repeat(30))).toBe(true);
    expect(isValidAccountHolderName("ア".repeat(31))).toBe(false);
  });

  it("requires at least one character once the marks are removed", () => {
    expect(isValidAccountHolderName("（）ー．")).toBe(false);
    expect(isValidAccountHolderName("゛゜ﾞﾟ")).toBe(false);
    expect(isValidAccountHolderName("\u3000\u3000")).toBe(false);
    expect(isValidAccountHolderName("")).toBe(false);
    expect(isValidAccountHolderName("（カ）")).toBe(true);
  });

  it("answers with the message ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください", () => {
    expect(validateAccountHolderName("ヲ")).toBe(
      "ヲを除くカタカナ、英数字、゛゜（）「」／．ー￥スペースで、30文字以内で入力してください",
    );
    expect(validateAccountHolderName("ヤマダ")).toBeNull();
  });
});

describe("formatted holder name (§3 obliger_accounts, §7 holder names filled from formatted names)", () => {
  it("trims spaces, half-width and full-width", () => {
    expect(formatHolderName("  ヤマダ\u3000")).toBe("ヤマダ");
  });

  it("turns half-width katakana full-width, composing ﾞ and ﾟ onto the letter before", () => {
    expect(formatHolderName("ﾔﾏﾀﾞ ﾀﾛｳ")).toBe("ヤマダ\u3000タロウ");
    expect(formatHolderName("ｳﾞｧｲｵﾘﾝ")).toBe("ヴァイオリン");
    expect(formatHolderName("ﾊﾟﾝ")).toBe("パン");
  });

  it("keeps full-width alphanumerics full-width and turns half-width ones full-width (unlike NFKC)", () => {
    expect(formatHolderName("ＡＢＣ１２３")).toBe("ＡＢＣ１２３");
    expect(formatHolderName("ABC123abc")).toBe("ＡＢＣ１２３ａｂｃ");
    expect("ＡＢＣ".normalize("NFKC")).toBe("ABC");
  });

  it("turns the half-width bank marks into the full-width marks of §5: カ)ﾔﾏﾀﾞ → カ）ヤマダ", () => {
    expect(formatHolderName("ｶ)ﾔﾏﾀﾞ")).toBe("カ）ヤマダ");
    expect(formatHolderName("(ｶ)ﾔﾏﾀﾞ.ｼﾃﾝ/ｻｰﾋﾞｽ")).toBe("（カ）ヤマダ．シテン／サービス");
    expect(formatHolderName("｢ｱ｣")).toBe("「ア」");
  });

  it("turns hiragana into katakana, so を still fails the §5 check", () => {
    expect(formatHolderName("やまだ たろう")).toBe("ヤマダ\u3000タロウ");
    expect(isValidAccountHolderName(formatHolderName("を"))).toBe(false);
  });

  it("keeps a voiced mark that composes into nothing §5 accepts as a separate mark (ﾜﾞ stays ワ゛)", () => {
    expect(formatHolderName("ﾜﾞ")).toBe("ワ゛");
    expect(formatHolderName("ﾞｱ")).toBe("゛ア");
  });

  it("gives names that pass the §5 check for what people type from a bank book", () => {
    for (const typed of ["ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ", "ﾔﾏﾀﾞ(ｶ", "ﾔﾏﾀﾞ(ｶ)ｼﾃﾝ", "yamada taro", "ヤマダ　タロウ"]) {
      expect(isValidAccountHolderName(formatHolderName(typed)), typed).toBe(true);
    }
  });

  it("is idempotent on a formatted name", () => {
    const once = formatHolderName("ｶ)ﾔﾏﾀﾞ ﾀﾛｳ ABC");
    expect(formatHolderName(once)).toBe(once);
  });
});

describe("ゆうちょ銀行 (9900): its 振込用 account is a 店名 (漢数字3桁) and a 7-digit number, not the passbook's 記号・番号", () => {
  const YUCHO =
    "ゆうちょ銀行の記号・番号ではなく、振込用の店名（漢数字3桁）と口座番号（7桁）をご入力ください。通帳の見開き、またはゆうちょ銀行のホームページの変換ツールで確認できます。";

  it("an 8-digit 番号, or the 記号 and 番号 (13 digits, hyphen or not), typed for ゆうちょ gets what to type and where to find it", () => {
    for (const number of ["12345671", "10180-12345671", "1018012345671", "１２３４５６７１"]) {
      expect(validateBankAccountNumber(number, "ゆうちょ銀行"), number).toBe(YUCHO);
    }
  });

  it("knows ゆうちょ however it is written", () => {
    for (const name of ["ゆうちょ", "ゆうちょ銀行", "ユウチョ銀行", "ﾕｳﾁｮ", " ゆうちょ 銀行 ", "JP BANK"]) {
      expect(isYuchoBankName(name), name).toBe(true);
    }
    for (const name of ["みずほ銀行", "", null, undefined, "ゆうちょ信用金庫"]) {
      expect(isYuchoBankName(name), String(name)).toBe(false);
    }
  });

  it("its 7-digit 振込用 number passes; other banks, and other wrong numbers, keep §5's message", () => {
    expect(validateBankAccountNumber("1234567", "ゆうちょ銀行")).toBeNull();
    expect(validateBankAccountNumber("12345678", "みずほ銀行")).toBe("7桁の半角数字で入力してください");
    expect(validateBankAccountNumber("12345678")).toBe("7桁の半角数字で入力してください");
    expect(validateBankAccountNumber("123", "ゆうちょ銀行")).toBe("7桁の半角数字で入力してください");
  });
});
