// The entry's road as the detail page draws it (§4 entry statuses 1–6, claim status delay 7).

import { describe, expect, it } from "vitest";
import { type TimelineInput, entryTimeline } from "~/domain/entry-timeline";
import { ClaimStatus, EntryStatus } from "~/domain/statuses";

const base: TimelineInput = {
  status: EntryStatus.under_review,
  created_at: "2026-11-01T10:00:00+09:00",
  claims: [],
};
const states = (input: TimelineInput) => entryTimeline(input).steps.map((step) => step.state);

describe("entryTimeline", () => {
  it("§4 under_review: the entry stands on 審査中, dated with its submission; the rest is ahead", () => {
    const timeline = entryTimeline(base);
    expect(timeline.steps.map((step) => step.label)).toEqual([
      "審査中",
      "審査完了",
      "ご契約",
      "お振込",
      "完了",
    ]);
    expect(states(base)).toEqual(["current", "todo", "todo", "todo", "todo"]);
    expect(timeline.steps[0]!.date).toBe(base.created_at);
    expect(timeline.exception).toBeNull();
  });

  it("§4 inadequate is shown as what it is, not as a step: still on 審査中, with the exception", () => {
    const timeline = entryTimeline({ ...base, status: EntryStatus.inadequate });
    expect(timeline.steps.map((step) => step.state)).toEqual(["current", "todo", "todo", "todo", "todo"]);
    expect(timeline.exception?.kind).toBe("inadequate");
  });

  it("§4 reviewed → contracted → transferred: each step passed carries its date", () => {
    const transferred = {
      ...base,
      status: EntryStatus.transferred,
      reviewed_at: "2026-11-03T10:00:00+09:00",
      contracted_at: "2026-11-04T10:00:00+09:00",
      transferred_at: "2026-11-05T10:00:00+09:00",
    };
    const timeline = entryTimeline(transferred);
    expect(timeline.steps.map((step) => step.state)).toEqual(["done", "done", "done", "current", "todo"]);
    expect(timeline.steps.map((step) => step.date)).toEqual([
      base.created_at,
      transferred.reviewed_at,
      transferred.contracted_at,
      transferred.transferred_at,
      null,
    ]);
    expect(states({ ...base, status: EntryStatus.reviewed, reviewed_at: "2026-11-03" })).toEqual([
      "done",
      "current",
      "todo",
      "todo",
      "todo",
    ]);
  });

  it("archived after completion has passed every step; a cancellation ends where it was", () => {
    expect(
      states({
        ...base,
        status: EntryStatus.archived,
        reviewed_at: "a",
        contracted_at: "b",
        transferred_at: "c",
        transaction_completed_at: "d",
      }),
    ).toEqual(["done", "done", "done", "done", "done"]);
    // Every claim returned while the entry stays transferred (5): completed, nothing current.
    expect(
      states({
        ...base,
        status: EntryStatus.transferred,
        reviewed_at: "a",
        contracted_at: "b",
        transferred_at: "c",
        transaction_completed_at: "d",
      }),
    ).toEqual(["done", "done", "done", "done", "done"]);
    const cancelled = entryTimeline({
      ...base,
      status: EntryStatus.archived,
      reviewed_at: "a",
      cancelled_at: "b",
    });
    expect(cancelled.steps.map((step) => step.state)).toEqual(["done", "done", "todo", "todo", "todo"]);
    expect(cancelled.exception?.kind).toBe("cancelled");
    expect(entryTimeline({ ...base, status: EntryStatus.archived, rejected_at: "a" }).exception?.kind).toBe(
      "rejected",
    );
  });

  it("§4 a delay claim is said plainly", () => {
    const delayed = entryTimeline({
      ...base,
      status: EntryStatus.transferred,
      claims: [{ status: ClaimStatus.transferred }, { status: ClaimStatus.delay }],
    });
    expect(delayed.exception?.kind).toBe("delay");
    // The user's return is late, not the debtor's payment: the words say whose money is owed.
    expect(delayed.exception?.label).toBe("ご返金が遅れている請求書があります。");
  });
});
