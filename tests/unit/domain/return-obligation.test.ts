import { describe, expect, it } from "vitest";
import { RETURN_SOON_DAYS, returnObligation } from "~/domain/return-obligation";
import { ClaimStatus } from "~/domain/statuses";
import { bankCalendar } from "~/lookup/japan-holidays.server";

const calendar = bankCalendar("2026-10-01", "2027-12-31");

const TODAY = "2026-11-24";
const claim = {
  status: ClaimStatus.transferred,
  return_date: "2026-12-28",
  obliger_payment_date: "2026-12-25",
  purchase_principal_amount: "1000000",
  scheduled_deposit_amount_from_obliger: "1099340",
  amount: "1100000",
};

describe("the return obligation (the debtor pays the user, who forwards it to us by return_date)", () => {
  it("After contract (contracted, transferred, delay) the claim is owed back; before it, nothing", () => {
    for (const status of [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay]) {
      expect(returnObligation({ ...claim, status }, TODAY, calendar)).not.toBeNull();
    }
    for (const status of [
      ClaimStatus.under_review,
      ClaimStatus.inadequate,
      ClaimStatus.can_buy,
      ClaimStatus.cannot_buy,
      ClaimStatus.cancel,
    ]) {
      expect(returnObligation({ ...claim, status }, TODAY, calendar)).toBeNull();
    }
  });

  it("due by return_date, else the debtor's payment date; the bought part: principal, else the scheduled deposit, else the face value", () => {
    expect(returnObligation(claim, TODAY, calendar)).toEqual({
      dueDate: "2026-12-28",
      note: null,
      amount: 1_000_000,
      state: "owed",
      daysLeft: 34,
      returnedOn: null,
    });
    const bare = { ...claim, return_date: null, purchase_principal_amount: null };
    expect(returnObligation(bare, TODAY, calendar)).toMatchObject({
      dueDate: "2026-12-25",
      amount: 1_099_340,
    });
    expect(
      returnObligation({ ...bare, scheduled_deposit_amount_from_obliger: null }, TODAY, calendar)?.amount,
    ).toBe(1_100_000);
  });

  it(`soon within ${RETURN_SOON_DAYS} days (today included), late once past or when the claim is delayed`, () => {
    expect(returnObligation({ ...claim, return_date: "2026-12-01" }, TODAY, calendar)?.state).toBe("soon");
    expect(returnObligation({ ...claim, return_date: "2026-12-02" }, TODAY, calendar)?.state).toBe("owed");
    expect(returnObligation({ ...claim, return_date: TODAY }, TODAY, calendar)?.state).toBe("soon");
    expect(returnObligation({ ...claim, return_date: "2026-11-20" }, TODAY, calendar)).toMatchObject({
      state: "late",
      daysLeft: -4,
    });
    expect(returnObligation({ ...claim, status: ClaimStatus.delay }, TODAY, calendar)?.state).toBe("late");
  });

  it("a returned claim is settled, on the day (Japan) the money came", () => {
    expect(
      returnObligation(
        { ...claim, status: ClaimStatus.returned, returned_at: "2026-12-24T16:30:00Z" },
        TODAY,
        calendar,
      ),
    ).toMatchObject({ state: "returned", returnedOn: "2026-12-25" });
  });

  it("the deadline on a bank holiday is the next business day, and the countdown counts to it", () => {
    const holiday = { ...claim, return_date: null, obliger_payment_date: "2027-01-01" };
    expect(returnObligation(holiday, "2026-12-28", calendar)).toMatchObject({
      dueDate: "2027-01-04",
      daysLeft: 7,
      state: "soon",
      note: "2027年1月1日（金・元日）は銀行休業日のため、返金期日は翌営業日の2027年1月4日（月）です。",
    });
    // Stored already moved (the upstream sets return_date at contract): the same deadline and note.
    expect(returnObligation({ ...holiday, return_date: "2027-01-04" }, "2026-12-28", calendar)).toMatchObject(
      {
        dueDate: "2027-01-04",
        note: expect.stringContaining("翌営業日の2027年1月4日（月）"),
      },
    );
  });

  it("a late claim keeps its holiday note", () => {
    const late = { ...claim, return_date: "2027-01-04", obliger_payment_date: "2027-01-01" };
    expect(returnObligation(late, "2027-01-05", calendar)).toMatchObject({
      state: "late",
      daysLeft: -1,
      note: expect.stringContaining("元日"),
    });
  });
});
