// Required: "Payment dates: shown as 2027年2月26日（金） (date and weekday) wherever a payment
// date is displayed", and every other date a person reads the same way, whatever zone the server runs in.

import { describe, expect, it } from "vitest";
import { formatJapaneseDate, japanClockTime, japanDayOf } from "../../../app/domain/japan-date";

describe("every date with its weekday", () => {
  it("2027-02-26 is 2027年2月26日（金）; 2027-01-01 is a Friday, 2026-12-01 a Tuesday", () => {
    expect(formatJapaneseDate("2027-02-26")).toBe("2027年2月26日（金）");
    expect(formatJapaneseDate("2027-01-01")).toBe("2027年1月1日（金）");
    expect(formatJapaneseDate("2026-12-01")).toBe("2026年12月1日（火）");
    expect(formatJapaneseDate("2027-02-27")).toBe("2027年2月27日（土）");
  });

  it("a timestamp (an entry made, a contract, a file uploaded) reads as the day it fell on in Japan, with its weekday", () => {
    expect(formatJapaneseDate("2026-11-30T15:30:00Z")).toBe("2026年12月1日（火）");
    expect(formatJapaneseDate("2026-12-01T23:30:00+09:00")).toBe("2026年12月1日（火）");
  });

  it("what else the day is joins its weekday: 2027年1月1日（金・元日）", () => {
    expect(formatJapaneseDate("2027-01-01", "元日")).toBe("2027年1月1日（金・元日）");
  });

  it("what is not a calendar date is shown as it came", () => {
    expect(formatJapaneseDate("yesterday")).toBe("yesterday");
    expect(formatJapaneseDate("2026-02-30")).toBe("2026-02-30");
    expect(formatJapaneseDate("")).toBe("");
  });
});

describe("the day a date or a timestamp stands for in Japan", () => {
  it("a date is itself; a timestamp is its day in Japan; anything else is none", () => {
    expect(japanDayOf("2026-12-01")).toBe("2026-12-01");
    expect(japanDayOf("2026-11-30T15:30:00Z")).toBe("2026-12-01");
    expect(japanDayOf("2026-12-01T23:30:00+09:00")).toBe("2026-12-01");
    expect(japanDayOf("yesterday")).toBeNull();
    expect(japanDayOf(null)).toBeNull();
  });
});

describe("a time to try again, on a clock in Japan", () => {
  it("is the time in Japan, rounded up to the minute, whatever zone the server runs in", () => {
    expect(japanClockTime(new Date("2026-12-01T06:41:00Z"))).toBe("15時41分");
    expect(japanClockTime(new Date("2026-12-01T06:41:01Z"))).toBe("15時42分");
    expect(japanClockTime(new Date("2026-12-01T00:04:30Z"))).toBe("9時5分");
    expect(japanClockTime(new Date("2026-12-01T14:59:59Z"))).toBe("0時0分");
  });
});
