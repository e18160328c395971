import { describe, expect, it } from "vitest";
import { isPrefecture, PREFECTURES, prefectureCode } from "../../../app/domain/prefectures";

describe("prefectures", () => {
  it("lists the 47 prefectures once each, 北海道 first and 沖縄県 last (JIS X 0401 order)", () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[0]).toBe("北海道");
    expect(PREFECTURES[46]).toBe("沖縄県");
    expect(PREFECTURES.filter((name) => /[都道府]$/.test(name))).toEqual([
      "北海道",
      "東京都",
      "京都府",
      "大阪府",
    ]);
  });

  it("accepts only the full names", () => {
    expect(isPrefecture("東京都")).toBe(true);
    expect(isPrefecture("東京")).toBe(false);
    expect(isPrefecture("")).toBe(false);
  });

  it("gives the two-digit JIS code", () => {
    expect(prefectureCode("北海道")).toBe("01");
    expect(prefectureCode("東京都")).toBe("13");
    expect(prefectureCode("沖縄県")).toBe("47");
    expect(prefectureCode("東京")).toBeNull();
  });
});
