import { describe, expect, it } from "vitest";
import { RETURN_SOON_DAYS, returnObligation } from "~/domain/return-obligation";
import { ClaimStatus } from "~/domain/statuses";

const TODAY = "2026-11-24";
const claim = {
  status: ClaimStatus.transferred,
  return_date: "2026-12-31",
  obliger_payment_date: "2026-12-25",
  purchase_principal_amount: "1000000",
  scheduled_deposit_amount_from_obliger: "1099340",
  amount: "1100000",
};

describe("the return obligation (the debtor pays the user, who forwards it to us by return_date)", () => {
  it("After contract (contracted, transferred, delay) the claim is owed back; before it, nothing", () => {
    for (const status of [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay]) {
      expect(returnObligation({ ...claim, status }, TODAY)).not.toBeNull();
    }
    for (const status of [
      ClaimStatus.under_review,
      ClaimStatus.inadequate,
      ClaimStatus.can_buy,
      ClaimStatus.cannot_buy,
      ClaimStatus.cancel,
    ]) {
      expect(returnObligation({ ...claim, status }, TODAY)).toBeNull();
    }
  });

  it("due by return_date, else the debtor's payment date; the bought part: principal, else the scheduled deposit, else the face value", () => {
    expect(returnObligation(claim, TODAY)).toEqual({
      dueDate: "2026-12-31",
      amount: 1_000_000,
      state: "owed",
      daysLeft: 37,
    });
    const bare = { ...claim, return_date: null, purchase_principal_amount: null };
    expect(returnObligation(bare, TODAY)).toMatchObject({ dueDate: "2026-12-25", amount: 1_099_340 });
    expect(returnObligation({ ...bare, scheduled_deposit_amount_from_obliger: null }, TODAY)?.amount).toBe(
      1_100_000,
    );
  });

  it(`soon within ${RETURN_SOON_DAYS} days (today included), late once past or when the claim is delayed`, () => {
    expect(returnObligation({ ...claim, return_date: "2026-12-01" }, TODAY)?.state).toBe("soon");
    expect(returnObligation({ ...claim, return_date: "2026-12-02" }, TODAY)?.state).toBe("owed");
    expect(returnObligation({ ...claim, return_date: TODAY }, TODAY)?.state).toBe("soon");
    expect(returnObligation({ ...claim, return_date: "2026-11-23" }, TODAY)).toMatchObject({
      state: "late",
      daysLeft: -1,
    });
    expect(returnObligation({ ...claim, status: ClaimStatus.delay }, TODAY)?.state).toBe("late");
  });

  it("a returned claim is settled", () => {
    expect(returnObligation({ ...claim, status: ClaimStatus.returned }, TODAY)?.state).toBe("returned");
  });
});
