import { describe, expect, it } from "vitest";
import {
  type BankDirectory,
  bankDisplayName,
  directoryKey,
  findBank,
  findBranch,
  searchBanks,
  searchBranches,
} from "../../../app/domain/bank-directory";

/** A few entries as zengin-code writes them: short names, full-width letters, full-size kana. */
const DIRECTORY: BankDirectory = {
  "0005": {
    code: "0005",
    name: "三菱ＵＦＪ",
    kana: "ミツビシユ－エフジエイ",
    roma: "mitsubishiyu-efujiei",
    branches: {
      "001": { code: "001", name: "本店", kana: "ホンテン" },
      "010": { code: "010", name: "丸の内", kana: "マルノウチ" },
    },
  },
  "0009": {
    code: "0009",
    name: "三井住友",
    kana: "ミツイスミトモ",
    roma: "mitsuisumitomo",
    branches: {
      "221": { code: "221", name: "新宿", kana: "シンジユク" },
      "222": { code: "222", name: "新宿西口", kana: "シンジユクニシグチ" },
    },
  },
  "0294": { code: "0294", name: "三井住友信託", kana: "ミツイスミトモシンタク", branches: {} },
  "1344": { code: "1344", name: "城南信金", kana: "ジヨウナンシンキン", branches: {} },
  "2011": { code: "2011", name: "北央信組", kana: "ホクオウシンクミ", branches: {} },
  "9900": { code: "9900", name: "ゆうちょ", kana: "ユウチヨ", branches: {} },
  "5030": { code: "5030", name: "西東京農協", kana: "ニシトウキヨウノウキヨウ", branches: {} },
};

const codes = (matches: { code: string }[]) => matches.map((match) => match.code);

describe("bankDisplayName: the name people write, from the directory's short one", () => {
  it("a bank ends in 銀行 (ゆうちょ too); 信金 and 信組 are written in full; letters are half-width", () => {
    expect(bankDisplayName(DIRECTORY["0005"]!)).toBe("三菱UFJ銀行");
    expect(bankDisplayName(DIRECTORY["9900"]!)).toBe("ゆうちょ銀行");
    expect(bankDisplayName(DIRECTORY["1344"]!)).toBe("城南信用金庫");
    expect(bankDisplayName(DIRECTORY["2011"]!)).toBe("北央信用組合");
    expect(bankDisplayName(DIRECTORY["5030"]!)).toBe("西東京農協");
  });
});

describe("searchBanks: by name or reading, as a person types it", () => {
  it("kanji, hiragana, half-width kana, the 銀行 suffix, the code, romaji: the same bank", () => {
    for (const query of ["三井住友", "三井住友銀行", "みついすみとも", "ﾐﾂｲｽﾐﾄﾓ", "0009", "mitsuisumitomo"]) {
      expect(codes(searchBanks(DIRECTORY, query))[0], query).toBe("0009");
    }
  });

  it("an exact name before one that only starts with it; then by code", () => {
    expect(codes(searchBanks(DIRECTORY, "三井住友"))).toEqual(["0009", "0294"]);
    expect(codes(searchBanks(DIRECTORY, "三井"))).toEqual(["0009", "0294"]);
  });

  it("full-width letters and small kana are found as typed (三菱UFJ, 城南しんきん, ゆうちよ)", () => {
    expect(searchBanks(DIRECTORY, "三菱UFJ銀行")[0]).toEqual({
      code: "0005",
      name: "三菱UFJ銀行",
      kana: "ミツビシユ－エフジエイ",
    });
    expect(codes(searchBanks(DIRECTORY, "城南信用金庫"))).toEqual(["1344"]);
    expect(codes(searchBanks(DIRECTORY, "ゆうちょ"))).toEqual(["9900"]);
  });

  it("nothing typed, or nothing known, finds nothing", () => {
    expect(searchBanks(DIRECTORY, "  ")).toEqual([]);
    expect(searchBanks(DIRECTORY, "みどり銀行")).toEqual([]);
  });
});

describe("findBank / findBranch: the stored name, known or not", () => {
  it("the stored name with or without its suffix is the bank; an unknown one is null", () => {
    expect(findBank(DIRECTORY, "三井住友銀行")?.code).toBe("0009");
    expect(findBank(DIRECTORY, "三菱ＵＦＪ")?.code).toBe("0005");
    expect(findBank(DIRECTORY, "みどり銀行")).toBeNull();
    expect(findBank(DIRECTORY, "")).toBeNull();
  });

  it("a branch within its bank, 支店 or not; a branch of another bank is not one", () => {
    const smbc = DIRECTORY["0009"]!;
    expect(findBranch(smbc, "新宿支店")?.code).toBe("221");
    expect(findBranch(smbc, "しんじゅく")?.code).toBe("221");
    expect(findBranch(smbc, "丸の内")).toBeNull();
    expect(codes(searchBranches(smbc, "新宿"))).toEqual(["221", "222"]);
    expect(codes(searchBranches(smbc, "222"))).toEqual(["222"]);
  });
});

describe("directoryKey", () => {
  it("one width, katakana, full-size kana, one long mark, no spaces or dots", () => {
    expect(directoryKey("ｼﾞｮｳﾅﾝ　しんきん")).toBe("ジヨウナンシンキン");
    expect(directoryKey("ＰａｙＰａｙ")).toBe("PAYPAY");
    expect(directoryKey("ミツビシユ－エフジエイ")).toBe(directoryKey("みつびしゆーえふじえい"));
  });
});
