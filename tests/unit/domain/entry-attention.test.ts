import { describe, expect, it } from "vitest";
import { ATTENTION_ORDER, entryAttention } from "~/domain/entry-attention";
import { ClaimStatus, EntryStatus } from "~/domain/statuses";

const TODAY = "2026-11-24";

describe("what an entry asks of its owner (inadequate, reviewed and waiting for the contract, a return date within 7 days, a delay)", () => {
  it("a delay, or a return date passed, is late", () => {
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.delay, return_date: "2026-12-31" }],
        },
        TODAY,
      ),
    ).toBe("late");
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.transferred, return_date: "2026-11-20" }],
        },
        TODAY,
      ),
    ).toBe("late");
  });

  it("a return date within 7 days", () => {
    const claim = { status: ClaimStatus.transferred, return_date: "2026-12-01" };
    expect(entryAttention({ status: EntryStatus.transferred, claims: [claim] }, TODAY)).toBe("returnSoon");
    expect(
      entryAttention(
        { status: EntryStatus.transferred, claims: [{ ...claim, return_date: "2026-12-02" }] },
        TODAY,
      ),
    ).toBeNull();
  });

  it("inadequate; reviewed with a claim that can be bought (the contract waits)", () => {
    expect(
      entryAttention({ status: EntryStatus.inadequate, claims: [{ status: ClaimStatus.inadequate }] }, TODAY),
    ).toBe("inadequate");
    expect(
      entryAttention({ status: EntryStatus.reviewed, claims: [{ status: ClaimStatus.can_buy }] }, TODAY),
    ).toBe("contract");
    expect(
      entryAttention({ status: EntryStatus.reviewed, claims: [{ status: ClaimStatus.cannot_buy }] }, TODAY),
    ).toBeNull();
  });

  it("under review, settled or ended asks nothing", () => {
    for (const status of [EntryStatus.under_review, EntryStatus.archived]) {
      expect(entryAttention({ status, claims: [{ status: ClaimStatus.under_review }] }, TODAY)).toBeNull();
    }
    expect(
      entryAttention(
        {
          status: EntryStatus.transferred,
          claims: [{ status: ClaimStatus.returned, return_date: "2026-11-20" }],
        },
        TODAY,
      ),
    ).toBeNull();
  });

  it("the most pressing first", () => {
    expect(ATTENTION_ORDER).toEqual(["late", "returnSoon", "inadequate", "contract"]);
  });
});
