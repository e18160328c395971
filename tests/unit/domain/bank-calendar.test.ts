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
} from "../../../app/domain/bank-calendar";
import { bankCalendar, paymentDateCalendar } from "../../../app/lookup/japan-holidays.server";

/** What the invoice step hands the page on 2026-11-24 (a Tuesday). */
const calendar = paymentDateCalendar("2026-11-24");

describe("the next bank business day", () => {
  it("2027-01-01 元日 (a Friday) moves to Monday 2027-01-04, with the holiday named", () => {
    expect(nextBankBusinessDay("2027-01-01", calendar)).toBe("2027-01-04");
    expect(bankHolidayNotice("2027-01-01", calendar)).toBe(
      "2027年1月1日（金・元日）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）になる見込みです。ご返金の期日もこの日になります。",
    );
  });

  it("a plain Saturday (2027-02-27) moves to Monday 2027-03-01", () => {
    expect(bankHolidayNotice("2027-02-27", calendar)).toBe(
      "2027年2月27日（土）は銀行休業日のため、入金は翌営業日の2027年3月1日（月）になる見込みです。ご返金の期日もこの日になります。",
    );
  });

  it("banks close 12/31–1/3: 2026-12-31 (a Thursday, no public holiday) moves past 1/3 to 2027-01-04", () => {
    expect(nextBankBusinessDay("2026-12-31", calendar)).toBe("2027-01-04");
    expect(bankHolidayNotice("2026-12-31", calendar)).toBe(
      "2026年12月31日（木・年末年始）は銀行休業日のため、入金は翌営業日の2027年1月4日（月）になる見込みです。ご返金の期日もこの日になります。",
    );
    expect(bankHolidayNotice("2027-01-02", calendar)).toContain("2027年1月2日（土・年末年始）");
  });

  it("a holiday next to a weekend: 2027-03-22 振替休日 (Monday) moves to Tuesday 2027-03-23", () => {
    // The package names a substitute holiday after the one it replaces.
    expect(calendar.holidays["2027-03-22"]).toBe("春分の日 振替休日");
    expect(bankHolidayNotice("2027-03-22", calendar)).toBe(
      "2027年3月22日（月・春分の日 振替休日）は銀行休業日のため、入金は翌営業日の2027年3月23日（火）になる見込みです。ご返金の期日もこの日になります。",
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
