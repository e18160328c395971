// Required: "One rule for a deadline on a bank holiday: the next business day (民法142条's default, and
// never before the debtor's money can arrive)", the same date on every screen, mail and .ics; and no
// term the owner cannot keep: a payment date whose deadline falls before the payout is refused.

import { describe, expect, it } from "vitest";
import {
  PAYOUT_LEAD_BUSINESS_DAYS,
  earliestPaymentDate,
  earliestPayoutDate,
  payoutDueDate,
  returnDeadline,
  returnDeadlineNote,
} from "../../../app/domain/return-deadline";
import { bankCalendar, returnDateCalendar } from "../../../app/lookup/japan-holidays.server";

const calendar = bankCalendar("2026-11-01", "2027-12-31");

describe("a deadline banks are closed on moves to the next business day, never before", () => {
  it("a weekday (Tuesday 2026-12-01) is its own deadline, with no note", () => {
    expect(returnDeadline("2026-12-01", calendar)).toBe("2026-12-01");
    expect(returnDeadlineNote("2026-12-01", calendar)).toBeNull();
  });

  it("12/31 and 1/1–1/3 (年末年始) move to Monday 2027-01-04, not back to 12/30", () => {
    for (const day of ["2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]) {
      expect(returnDeadline(day, calendar)).toBe("2027-01-04");
    }
    expect(returnDeadlineNote("2027-01-01", calendar)).toBe(
      "2027年1月1日（金・元日）は銀行休業日のため、返金期日は翌営業日の2027年1月4日（月）です。",
    );
    expect(returnDeadlineNote("2026-12-31", calendar)).toContain("2026年12月31日（木・年末年始）");
  });

  it("a holiday (2027-02-11 建国記念の日) moves to Friday 2027-02-12; 成人の日 2027-01-11 to Tuesday 01-12", () => {
    expect(returnDeadline("2027-02-11", calendar)).toBe("2027-02-12");
    expect(returnDeadlineNote("2027-02-11", calendar)).toBe(
      "2027年2月11日（木・建国記念の日）は銀行休業日のため、返金期日は翌営業日の2027年2月12日（金）です。",
    );
    expect(returnDeadline("2027-01-11", calendar)).toBe("2027-01-12");
  });

  it("a weekend moves to Monday; Golden Week 2027-05-01..05 to Thursday 05-06", () => {
    expect(returnDeadline("2027-01-16", calendar)).toBe("2027-01-18");
    for (const day of ["2027-05-01", "2027-05-03", "2027-05-05"]) {
      expect(returnDeadline(day, calendar)).toBe("2027-05-06");
    }
  });

  it("is idempotent: a deadline already moved stays where it is", () => {
    expect(returnDeadline(returnDeadline("2027-01-01", calendar), calendar)).toBe("2027-01-04");
  });

  it("the table a page is handed reaches two weeks past its latest date, so 12/31's deadline is known", () => {
    const table = returnDateCalendar(
      [{ return_date: null, obliger_payment_date: "2026-12-31" }],
      "2026-11-27",
    );
    expect(table.from).toBe("2026-11-13");
    expect(table.to).toBe("2027-01-14");
    expect(returnDeadline("2026-12-31", table)).toBe("2027-01-04");
  });
});

describe("the payout: by the next bank business day after the contract", () => {
  it("a contract on Friday 2026-11-27 is paid by Monday 11-30; on 12/30 by 2027-01-04", () => {
    expect(payoutDueDate("2026-11-27", calendar)).toBe("2026-11-30");
    expect(payoutDueDate("2026-12-30", calendar)).toBe("2027-01-04");
  });

  it(`the earliest payout is ${PAYOUT_LEAD_BUSINESS_DAYS} business days on; a payment date is accepted from the day after`, () => {
    // Friday 2026-11-27: Mon 11-30, Tue 12-01, Wed 12-02.
    expect(earliestPayoutDate("2026-11-27", calendar)).toBe("2026-12-02");
    expect(earliestPaymentDate("2026-11-27", calendar)).toBe("2026-12-03");
    // Over 年末年始: from Monday 2026-12-28: 12-29, 12-30, 2027-01-04.
    expect(earliestPayoutDate("2026-12-28", calendar)).toBe("2027-01-04");
  });
});
