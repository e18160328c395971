import { describe, expect, it } from "vitest";
import { NEW_ENTRY_BLOCKER_MESSAGES } from "~/domain/new-entry";
import { bankCalendar } from "~/lookup/japan-holidays.server";
import { type MyPageInput, toMyPageView } from "~/routes/_mypage.mypage/view-model";

// 2026-11-21 10:00 in Japan.
const now = new Date("2026-11-21T01:00:00Z");
const ready: MyPageInput = {
  user: {
    id: 1,
    email: "owner@example.jp",
    company_name: "株式会社テスト",
    is_email_verified: true,
    has_satisfied_profile: true,
    identity_confirmation: 3,
    identity_valid_date: "2027-01-01",
  },
  entries: [],
  suppression: { method: "none", segment: "", message: "" },
  hasEntryPermissionWhenDelayed: false,
  now,
  calendar: bankCalendar("2026-11-01", "2027-12-31"),
};

describe("My page's view model", () => {
  it("a ready user may start a new entry at the invoice step", () => {
    const view = toMyPageView(ready);
    expect(view.newEntry).toEqual({ allowed: true, href: "/entry/entry_invoice", reasons: [] });
    expect(view.hasNextStep).toBe(false);
    expect(view.hasAttention).toBe(false);
    expect(view.identity).toEqual({ label: "確認済み", validDate: "2027年1月1日（金）", isExpired: false });
  });

  it("Stopping new entries applies when the suppression method is stop-new-entry: the operator's message alone, else the fixed sentence", () => {
    const stopped = (message: string) =>
      toMyPageView({ ...ready, suppression: { method: "stop-new-entry", segment: "", message } });
    const view = stopped("12月1日まで受付を停止しています。");
    expect(view.newEntry.allowed).toBe(false);
    expect(view.newEntry.reasons).toEqual(["12月1日まで受付を停止しています。"]);
    expect(JSON.stringify(view)).not.toContain(NEW_ENTRY_BLOCKER_MESSAGES.newEntriesStopped);
    expect(stopped("").newEntry.reasons).toEqual([NEW_ENTRY_BLOCKER_MESSAGES.newEntriesStopped]);
    // Another segment's stop is not this user's.
    const other = toMyPageView({
      ...ready,
      suppression: { method: "stop-new-entry", segment: "gold", message: "停止中" },
    });
    expect(JSON.stringify(other)).not.toContain("停止中");
    expect(other.newEntry.allowed).toBe(true);
  });

  it("a declined user is asked for no profile and no documents, and told only the screening's answer", () => {
    const view = toMyPageView({
      ...ready,
      user: { id: 1, email: "d@example.jp", is_email_verified: true, has_pre_entry_declined: true },
    });
    expect(view.newEntry.reasons).toEqual([NEW_ENTRY_BLOCKER_MESSAGES.preEntryDeclined]);
    expect(view.hasNextStep).toBe(false);
    for (const id of ["profile", "identity"]) {
      const step = view.steps.find((candidate) => candidate.id === id)!;
      expect(step).toMatchObject({
        link: null,
        isNext: false,
        stateLabel: "不要",
        text: "事前審査の結果、お申し込みいただけないため、会員情報のご登録・本人確認書類のご提出は不要です。",
      });
    }
    expect(JSON.stringify(view)).not.toMatch(/ご提出ください|ご登録ください/);
    // The account summary says the same, and offers no way to the forms that would ask.
    expect(view.identity).toMatchObject({ label: "提出不要", isExpired: false });
    expect(view.profileLink).toBe(false);
    expect(toMyPageView(ready).profileLink).toBe(true);
  });

  it("entries read in Japanese: status, date, amount and claims by status", () => {
    const view = toMyPageView({
      ...ready,
      entries: [
        {
          id: 7,
          code: "E000007",
          status: 2,
          purchase_amount_desired: "1000000.00",
          created_at: "2026-11-20T23:30:00+09:00",
          claims: [{ status: 1 }, { status: 2 }, { status: 1 }],
        },
      ],
    });
    expect(view.entries).toEqual([
      {
        attention: {
          kind: "inadequate",
          text: "書類に不備があります。内容をご確認のうえ、再提出してください。",
          actions: [{ href: "/entry/resubmit/7", label: "不備を修正して再提出する" }],
        },
        id: 7,
        code: "E000007",
        statusLabel: "不備あり",
        tone: "attention",
        createdDate: "2026年11月20日（金）",
        desiredAmount: "1,000,000円",
        claimCount: 3,
        claimSummary: "3件（審査中 2件・不備あり 1件）",
        nextReturn: null,
      },
    ]);
    expect(view.newEntry.reasons).toEqual([
      NEW_ENTRY_BLOCKER_MESSAGES.beforeContractedEntry,
      NEW_ENTRY_BLOCKER_MESSAGES.inadequateClaim,
    ]);
  });

  it("entries that need the user come first, the most pressing first, each with its action", () => {
    const entry = (id: number, status: number, claims: MyPageInput["entries"][number]["claims"]) => ({
      id,
      code: `E${id}`,
      status,
      purchase_amount_desired: 1,
      created_at: "2026-11-01T10:00:00+09:00",
      claims,
    });
    const view = toMyPageView({
      ...ready,
      entries: [
        entry(1, 6, [{ status: 9 }]),
        entry(2, 3, [{ status: 3 }]),
        entry(3, 2, [{ status: 2 }]),
        entry(4, 5, [{ status: 5, return_date: "2026-11-25" }]),
        entry(5, 5, [{ status: 7, return_date: "2026-12-31" }]),
        entry(6, 1, [{ status: 1 }]),
      ],
    });
    expect(view.hasAttention).toBe(true);
    expect(view.entries.map((item) => [item.id, item.attention?.kind ?? null])).toEqual([
      [5, "late"],
      [4, "returnSoon"],
      [3, "inadequate"],
      [2, "contract"],
      [1, null],
      [6, null],
    ]);
    expect(view.entries[3]!.attention?.actions).toEqual([
      { href: "/entry/contract/2", label: "ご契約の手続きへ進む" },
    ]);
  });

  /** My page with one paid-out entry (id 9) of the given claims. */
  const paidOutEntryView = (claims: MyPageInput["entries"][number]["claims"]) =>
    toMyPageView({
      ...ready,
      entries: [
        {
          id: 9,
          code: "E9",
          status: 5,
          purchase_amount_desired: 1,
          created_at: "2026-11-01T10:00:00+09:00",
          claims,
        },
      ],
    });

  it("a late return links straight to its own amount and account on the detail page, one link per late claim", () => {
    const view = paidOutEntryView([
      { status: 7, return_date: "2026-11-10", obliger_company_name: "株式会社一番商事" },
      { status: 5, return_date: "2027-01-15", obliger_company_name: "株式会社二番商事" },
      { status: 7, return_date: "2026-11-12" },
    ]);
    expect(view.entries[0]!.attention?.actions).toEqual([
      {
        href: "/entry/detail/9#return-1",
        label: "請求書1（株式会社一番商事）のご返金の金額と振込先を確認する",
      },
      { href: "/entry/detail/9#return-3", label: "請求書3のご返金の金額と振込先を確認する" },
    ]);
  });

  it("a return due within the week links to each such claim's amount and account, not the page's top", () => {
    const view = paidOutEntryView([
      { status: 5, return_date: "2027-01-15" },
      { status: 5, return_date: "2026-11-25", obliger_company_name: "株式会社二番商事" },
    ]);
    expect(view.entries[0]!.attention?.kind).toBe("returnSoon");
    expect(view.entries[0]!.attention?.actions).toEqual([
      {
        href: "/entry/detail/9#return-2",
        label: "請求書2（株式会社二番商事）のご返金の金額と振込先を確認する",
      },
    ]);
  });

  it("a delay claim blocks unless has_entry_permission_when_delayed is set", () => {
    const delayed = {
      ...ready,
      entries: [
        {
          id: 1,
          code: "E1",
          status: 5,
          purchase_amount_desired: 1,
          created_at: "2026-01-01",
          claims: [{ status: 7 }],
        },
      ],
    };
    expect(toMyPageView(delayed).newEntry.reasons).toEqual([NEW_ENTRY_BLOCKER_MESSAGES.delayClaim]);
    expect(toMyPageView({ ...delayed, hasEntryPermissionWhenDelayed: true }).newEntry.allowed).toBe(true);
  });

  it("an entry with a return to make shows its next deadline; one banks are closed on moves to the next business day", () => {
    const contracted = (id: number, claims: MyPageInput["entries"][number]["claims"]) => ({
      id,
      code: `E${id}`,
      status: 5,
      purchase_amount_desired: 1,
      created_at: "2026-11-01T10:00:00+09:00",
      claims,
    });
    const view = toMyPageView({
      ...ready,
      entries: [
        // 2027-01-16 is a Saturday; the returned claim's earlier date is settled and not shown.
        contracted(1, [
          { status: 5, return_date: "2027-01-16" },
          { status: 6, return_date: "2026-12-10" },
        ]),
        contracted(2, [{ status: 5, return_date: "2027-01-15" }]),
        contracted(3, [{ status: 6, return_date: "2026-12-10" }]),
        { ...contracted(4, [{ status: 1 }]), status: 1 },
      ],
    });
    const returns = Object.fromEntries(view.entries.map((entry) => [entry.id, entry.nextReturn]));
    expect(returns[1]).toEqual({
      label: "次の返金期日",
      late: false,
      date: "2027年1月18日（月）",
      note: "2027年1月16日（土）は銀行休業日のため、返金期日は翌営業日の2027年1月18日（月）です。",
    });
    expect(returns[2]).toEqual({
      label: "次の返金期日",
      late: false,
      date: "2027年1月15日（金）",
      note: null,
    });
    expect(returns[3]).toBeNull();
    expect(returns[4]).toBeNull();
  });

  it("an entry whose returns are all received reads 完了（ご返金確認済み）, never 買取代金お振込済み; one still owed does not", () => {
    const paidOut = {
      id: 1,
      code: "E1",
      status: 5,
      purchase_amount_desired: 1,
      created_at: "2026-11-01T10:00:00+09:00",
      claims: [{ status: 6, return_date: "2026-12-10", returned_at: "2026-11-20T10:00:00+09:00" }],
    };
    const view = toMyPageView({
      ...ready,
      entries: [
        { ...paidOut, transaction_completed_at: "2026-11-20T10:00:00+09:00" },
        {
          ...paidOut,
          id: 2,
          code: "E2",
          claims: [...paidOut.claims, { status: 5, return_date: "2027-01-15" }],
        },
      ],
    });
    const byId = Object.fromEntries(view.entries.map((entry) => [entry.id, entry]));
    expect(byId[1]).toMatchObject({ statusLabel: "完了（ご返金確認済み）", tone: "done", nextReturn: null });
    expect(byId[2]!.statusLabel).toBe("買取代金お振込済み");
  });

  it("a late return is never the next one: it is named late, first, and keeps its note", () => {
    const view = toMyPageView({
      ...ready,
      entries: [
        {
          id: 1,
          code: "E1",
          status: 5,
          purchase_amount_desired: 1,
          created_at: "2026-11-01T10:00:00+09:00",
          claims: [
            { status: 5, return_date: "2027-01-15" },
            { status: 7, return_date: "2026-11-30", obliger_payment_date: "2026-11-28" },
          ],
        },
      ],
    });
    expect(view.entries[0]!.nextReturn).toEqual({
      label: "期日を過ぎた返金",
      late: true,
      date: "2026年11月30日（月）",
      note: "2026年11月28日（土）は銀行休業日のため、返金期日は翌営業日の2026年11月30日（月）です。",
    });
  });

  it("an expired identity says so with its valid date and asks for new documents at /profile", () => {
    const view = toMyPageView({ ...ready, user: { ...ready.user, identity_valid_date: "2026-11-20" } });
    const identity = view.steps.find((step) => step.id === "identity")!;
    expect(identity.isNext).toBe(true);
    expect(identity.text).toContain("本人確認書類の有効期限が切れています（有効期限：2026年11月20日（金））");
    expect(identity.link).toEqual({ href: "/profile", label: "新しい書類を提出する" });
    expect(view.identity).toEqual({ label: "期限切れ", validDate: "2026年11月20日（金）", isExpired: true });
  });
});
