import { describe, expect, it } from "vitest";
import { ATTENTION_ORDER, entryAttention } from "~/domain/entry-attention";
import { ClaimStatus, EntryStatus, ReviewStatus } from "~/domain/statuses";
import { bankCalendar } from "~/lookup/japan-holidays.server";

const TODAY = "2026-11-24";
const calendar = bankCalendar("2026-10-01", "2027-12-31");
const OWNER = { identity_confirmation: ReviewStatus.confirmed, identity_valid_date: "2027-11-30" };

describe("what an entry asks of its owner (inadequate, reviewed and waiting for the contract, a return date within 7 days, a delay)", () => {
  it("a delay, or a return date passed, is late", () => {
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.delay, return_date: "2026-12-31" }],
        },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBe("late");
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.transferred, return_date: "2026-11-20" }],
        },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBe("late");
  });

  it("a return date within 7 days", () => {
    const claim = { status: ClaimStatus.transferred, return_date: "2026-12-01" };
    expect(entryAttention({ status: EntryStatus.transferred, claims: [claim] }, TODAY, calendar, OWNER)).toBe(
      "returnSoon",
    );
    expect(
      entryAttention(
        { status: EntryStatus.transferred, claims: [{ ...claim, return_date: "2026-12-02" }] },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBeNull();
  });

  it("counts to the deadline: a debtor's date on 1/1 is due 1/4, so on 12/28 it is 7 days away", () => {
    const claim = { status: ClaimStatus.transferred, return_date: null, obliger_payment_date: "2027-01-01" };
    expect(
      entryAttention({ status: EntryStatus.transferred, claims: [claim] }, "2026-12-28", calendar, OWNER),
    ).toBe("returnSoon");
    expect(
      entryAttention({ status: EntryStatus.transferred, claims: [claim] }, "2027-01-04", calendar, OWNER),
    ).toBe("returnSoon");
    expect(
      entryAttention({ status: EntryStatus.transferred, claims: [claim] }, "2027-01-05", calendar, OWNER),
    ).toBe("late");
  });

  it("inadequate; reviewed with a claim that can be bought (the contract waits)", () => {
    expect(
      entryAttention(
        { status: EntryStatus.inadequate, claims: [{ status: ClaimStatus.inadequate }] },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBe("inadequate");
    expect(
      entryAttention(
        { status: EntryStatus.reviewed, claims: [{ status: ClaimStatus.can_buy }] },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBe("contract");
    expect(
      entryAttention(
        { status: EntryStatus.reviewed, claims: [{ status: ClaimStatus.cannot_buy }] },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBeNull();
  });

  it("a contract the rule refuses (a bought claim's deadline has come, the identity expired or unconfirmed) is not asked for: the owner is told it cannot be made", () => {
    const reviewed = {
      status: EntryStatus.reviewed,
      claims: [{ status: ClaimStatus.can_buy, obliger_payment_date: TODAY }],
    };
    expect(entryAttention(reviewed, TODAY, calendar, OWNER)).toBe("contractRefused");
    const later = {
      status: EntryStatus.reviewed,
      claims: [{ status: ClaimStatus.can_buy, obliger_payment_date: "2027-01-29" }],
    };
    expect(entryAttention(later, TODAY, calendar, OWNER)).toBe("contract");
    const expired = { identity_confirmation: ReviewStatus.expired, identity_valid_date: null };
    expect(entryAttention(later, TODAY, calendar, expired)).toBe("contractRefused");
    const confirming = { identity_confirmation: ReviewStatus.confirming, identity_valid_date: null };
    expect(entryAttention(later, TODAY, calendar, confirming)).toBe("contractRefused");
  });

  it("under review, settled or ended asks nothing", () => {
    for (const status of [EntryStatus.under_review, EntryStatus.archived]) {
      expect(
        entryAttention({ status, claims: [{ status: ClaimStatus.under_review }] }, TODAY, calendar, OWNER),
      ).toBeNull();
    }
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.returned, return_date: "2026-11-20" }],
        },
        TODAY,
        calendar,
        OWNER,
      ),
    ).toBeNull();
  });

  it("the most pressing first", () => {
    expect(ATTENTION_ORDER).toEqual(["late", "returnSoon", "inadequate", "contractRefused", "contract"]);
  });
});
