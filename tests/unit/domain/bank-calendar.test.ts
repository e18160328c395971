// Required: "a payment date on a Saturday, Sunday or a Japanese public holiday gets a hint
// (not an error) that the transfer will move to the next business day, naming that day … Japanese
// banks are also closed 12/31–1/3". The holidays come from @holiday-jp/holiday_jp through the
// server's compact table; the dates are fixed, the rule does not look at the clock.

import { describe, expect, it } from "vitest";
import {
  addDays,
  addOneYear,
  bankHolidayNotice,
  nextBankBusinessDay,
  previousBankBusinessDay,
  returnDateNotice,
} from "../../../app/domain/bank-calendar";
import {
  bankCalendar,
  paymentDateCalendar,
  returnDateCalendar,
} from "../../../app/lookup/japan-holidays.server";

/** What the invoice step hands the page on 2026-11-24 (a Tuesday). */
const calendar = paymentDateCalendar("2026-11-24");

describe("the next bank business day", () => {
  it("2027-01-01 元日 (a Friday) moves to Monday 2027-01-04, with the holiday named", () => {
    expect(nextBankBusinessDay("2027-01-01", calendar)).toBe("2027-01-04");
    expect(bankHolidayNotice("2027-01-01", calendar)).toBe(
      "2027年1月1日（金・元日）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）になる見込みです。",
    );
  });

  it("a plain Saturday (2027-02-27) moves to Monday 2027-03-01", () => {
    expect(bankHolidayNotice("2027-02-27", calendar)).toBe(
      "2027年2月27日（土）は銀行休業日のため、入金は翌営業日の2027年3月1日（月）になる見込みです。",
    );
  });

  it("banks close 12/31–1/3: 2026-12-31 (a Thursday, no public holiday) moves past 1/3 to 2027-01-04", () => {
    expect(nextBankBusinessDay("2026-12-31", calendar)).toBe("2027-01-04");
    expect(bankHolidayNotice("2026-12-31", calendar)).toBe(
      "2026年12月31日（木・年末年始）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）になる見込みです。",
    );
    expect(bankHolidayNotice("2027-01-02", calendar)).toContain("2027年1月2日（土・年末年始）");
  });

  it("a holiday next to a weekend: 2027-03-22 振替休日 (Monday) moves to Tuesday 2027-03-23", () => {
    // The package names a substitute holiday after the one it replaces.
    expect(calendar.holidays["2027-03-22"]).toBe("春分の日 振替休日");
    expect(bankHolidayNotice("2027-03-22", calendar)).toBe(
      "2027年3月22日（月・春分の日 振替休日）は銀行休業日のため、入金は翌営業日の2027年3月23日（火）になる見込みです。",
    );
  });

  it("a normal Tuesday (2026-12-01) is a business day: no hint", () => {
    expect(nextBankBusinessDay("2026-12-01", calendar)).toBe("2026-12-01");
    expect(bankHolidayNotice("2026-12-01", calendar)).toBeNull();
  });

  it("says nothing of a date the table does not cover, rather than guess", () => {
    const short = bankCalendar("2026-11-24", "2026-12-31");
    expect(bankHolidayNotice("2027-01-01", short)).toBeNull();
    expect(nextBankBusinessDay("2026-12-31", short)).toBeNull();
  });
});

// A return date asks the user to act: the money must reach us by it, and banks move money only on
// business days (not Saturdays, Sundays, public holidays, nor 12/31–1/3). So a return date banks are
// closed on is paid on the business day BEFORE it, and the page names that day.
describe("a return date banks are closed on is paid on the business day before it", () => {
  const returns = bankCalendar("2026-11-01", "2027-12-31");

  it("a weekday (Tuesday 2026-12-01) is a business day: paid that day, no note", () => {
    expect(previousBankBusinessDay("2026-12-01", returns)).toBe("2026-12-01");
    expect(returnDateNotice("2026-12-01", returns)).toBeNull();
  });

  it("a Saturday (2027-01-16) is paid on Friday 2027-01-15", () => {
    expect(previousBankBusinessDay("2027-01-16", returns)).toBe("2027-01-15");
    expect(returnDateNotice("2027-01-16", returns)).toBe(
      "2027年1月16日（土）は銀行休業日のため、前営業日の2027年1月15日（金）までにお振り込みください。",
    );
  });

  it("a Sunday (2027-01-17) is paid on Friday 2027-01-15", () => {
    expect(previousBankBusinessDay("2027-01-17", returns)).toBe("2027-01-15");
    expect(returnDateNotice("2027-01-17", returns)).toContain("前営業日の2027年1月15日（金）までに");
  });

  it("a public holiday (2027-02-11 建国記念の日, a Thursday) is paid on Wednesday 2027-02-10, the holiday named", () => {
    expect(returnDateNotice("2027-02-11", returns)).toBe(
      "2027年2月11日（木・建国記念の日）は銀行休業日のため、前営業日の2027年2月10日（水）までにお振り込みください。",
    );
  });

  it("a holiday Monday after a weekend (2027-01-11 成人の日) goes back past the weekend to Friday 2027-01-08", () => {
    expect(previousBankBusinessDay("2027-01-11", returns)).toBe("2027-01-08");
  });

  it("12/31 (2026-12-31, a Thursday, no public holiday) is 年末年始: paid on Wednesday 2026-12-30", () => {
    expect(previousBankBusinessDay("2026-12-31", returns)).toBe("2026-12-30");
    expect(returnDateNotice("2026-12-31", returns)).toBe(
      "2026年12月31日（木・年末年始）は銀行休業日のため、前営業日の2026年12月30日（水）までにお振り込みください。",
    );
  });

  it("1/1–1/3 go back across the year to 2026-12-30", () => {
    expect(previousBankBusinessDay("2027-01-01", returns)).toBe("2026-12-30");
    expect(returnDateNotice("2027-01-01", returns)).toBe(
      "2027年1月1日（金・元日）は銀行休業日のため、前営業日の2026年12月30日（水）までにお振り込みください。",
    );
    expect(previousBankBusinessDay("2027-01-02", returns)).toBe("2026-12-30");
    expect(previousBankBusinessDay("2027-01-03", returns)).toBe("2026-12-30");
    expect(returnDateNotice("2027-01-03", returns)).toContain("2027年1月3日（日・年末年始）");
    // The first business day of the year is a business day again.
    expect(returnDateNotice("2027-01-04", returns)).toBeNull();
  });

  it("a run of holidays (Golden Week, 2027-05-01..05) goes back to Friday 2027-04-30", () => {
    for (const day of ["2027-05-01", "2027-05-02", "2027-05-03", "2027-05-04", "2027-05-05"]) {
      expect(previousBankBusinessDay(day, returns)).toBe("2027-04-30");
    }
    expect(returnDateNotice("2027-05-05", returns)).toBe(
      "2027年5月5日（水・こどもの日）は銀行休業日のため、前営業日の2027年4月30日（金）までにお振り込みください。",
    );
  });

  it("says nothing when the table does not reach back far enough, rather than guess", () => {
    const short = bankCalendar("2027-01-01", "2027-01-31");
    expect(previousBankBusinessDay("2027-01-02", short)).toBeNull();
    expect(returnDateNotice("2027-01-02", short)).toBeNull();
    expect(returnDateNotice("not a date", returns)).toBeNull();
  });

  it("the table a page is handed reaches two weeks before its claims' earliest date and covers the last", () => {
    const table = returnDateCalendar([
      { return_date: "2027-01-16", obliger_payment_date: "2027-01-16" },
      { return_date: null, obliger_payment_date: "2026-12-31" },
      { return_date: "2027-05-05" },
    ]);
    expect(table.from).toBe("2026-12-17");
    expect(table.to).toBe("2027-05-05");
    expect(returnDateNotice("2026-12-31", table)).toContain("前営業日の2026年12月30日（水）");
    expect(returnDateNotice("2027-05-05", table)).toContain("前営業日の2027年4月30日（金）");
    expect(returnDateNotice("2027-05-05", returnDateCalendar([]))).toBeNull();
  });
});

describe("the table a page is handed is the holidays of its window only", () => {
  it("from today to a year ahead and two weeks: a dozen or so dates, not the package's 1970–2050", () => {
    expect(calendar.from).toBe("2026-11-24");
    expect(calendar.to).toBe("2027-12-08");
    const dates = Object.keys(calendar.holidays);
    expect(dates.length).toBeGreaterThan(10);
    expect(dates.length).toBeLessThan(25);
    expect(dates.every((date) => date >= calendar.from && date <= calendar.to)).toBe(true);
    expect(calendar.holidays["2027-01-01"]).toBe("元日");
  });
});

describe("calendar arithmetic without time zones", () => {
  it("adds days across a month and a year", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("a year from 29 February is 28 February", () => {
    expect(addOneYear("2026-11-24")).toBe("2027-11-24");
    expect(addOneYear("2028-02-29")).toBe("2029-02-28");
  });
});
