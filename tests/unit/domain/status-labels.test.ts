import { describe, expect, it } from "vitest";
import {
  CANCELLED_LABEL,
  CLAIM_STATUS_LABELS,
  DECLINED_LABEL,
  ENTRY_STATUS_LABELS,
  REVIEW_STATUS_LABELS,
  UNKNOWN_STATUS_LABEL,
  claimStatusLabel,
  entryDocumentStatusLabel,
  entryStatusLabel,
  entryStatusTone,
  identityAwaitsSubmission,
  identityStatusLabel,
  reviewStatusLabel,
} from "~/domain/status-labels";

// 2026-11-21 10:00 in Japan.
const now = new Date("2026-11-21T01:00:00Z");

describe("§4 status labels in Japanese", () => {
  it("Entry status (numeric): under_review 1, inadequate 2, reviewed 3, contracted 4, transferred 5, archived 6", () => {
    expect([1, 2, 3, 4, 5, 6].map((status) => entryStatusLabel({ status }))).toEqual([
      "審査中",
      "不備あり",
      "審査完了",
      "契約済み",
      // Paid out is the provider's payment to the user: 入金済み would read as the debtor having paid.
      "買取代金お振込済み",
      "終了",
    ]);
    expect(Object.keys(ENTRY_STATUS_LABELS)).toHaveLength(6);
  });

  it("an entry whose returns are all received (transaction_completed_at) reads 完了（ご返金確認済み）, never 買取代金お振込済み", () => {
    const completed = { status: 5, transaction_completed_at: "2027-01-26T10:00:00+09:00" };
    expect(entryStatusLabel(completed)).toBe("完了（ご返金確認済み）");
    expect(entryStatusTone(completed)).toBe("done");
    // An upstream that archives the completed entry says the same.
    expect(entryStatusLabel({ ...completed, status: 6 })).toBe("完了（ご返金確認済み）");
    // Paid out, a return still owed: not complete.
    expect(entryStatusLabel({ status: 5, transaction_completed_at: null })).toBe("買取代金お振込済み");
  });

  it("Claim status (numeric): under_review 1, inadequate 2, can_buy 3, contracted 4, transferred 5, returned 6, delay 7, cannot_buy 8, cancel 9", () => {
    const cancelledEntry = { cancelled_at: "2026-11-20T10:00:00+09:00" };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((status) => claimStatusLabel({ status }, cancelledEntry))).toEqual(
      [
        "審査中",
        "不備あり",
        "買取可",
        "契約済み",
        "買取代金お振込済み",
        "ご返金確認済み",
        "ご返金遅延",
        "お見送り",
        "キャンセル済み",
      ],
    );
    expect(Object.keys(CLAIM_STATUS_LABELS)).toHaveLength(9);
  });

  it("Identity or document review status from number: 1 confirming, 2 inadequate, 3 confirmed, 4 nothing, 5 expired", () => {
    expect([1, 2, 3, 4, 5].map(reviewStatusLabel)).toEqual([
      "確認中",
      "不備あり",
      "確認済み",
      "未提出",
      "期限切れ",
    ]);
    expect(Object.keys(REVIEW_STATUS_LABELS)).toHaveLength(5);
  });

  it("a status the tables do not know (or none) is shown as unknown, never as another state", () => {
    expect(entryStatusLabel({ status: 0 })).toBe(UNKNOWN_STATUS_LABEL);
    expect(claimStatusLabel({ status: 10 }, {})).toBe(UNKNOWN_STATUS_LABEL);
    expect(reviewStatusLabel(null)).toBe(UNKNOWN_STATUS_LABEL);
    expect(entryStatusLabel({ status: undefined })).toBe(UNKNOWN_STATUS_LABEL);
    expect(Object.values(ENTRY_STATUS_LABELS)).not.toContain(UNKNOWN_STATUS_LABEL);
  });
});

describe("a cancel is not a decline: the owner cancels (キャンセル済み), the operator declines (お見送り)", () => {
  const cancelledAt = "2026-11-20T10:00:00+09:00";

  it("Entry transitions by call: … cancel: an entry the owner cancelled (archived, cancelled_at) reads キャンセル済み", () => {
    const entry = { status: 6, cancelled_at: cancelledAt };
    expect(entryStatusLabel(entry)).toBe(CANCELLED_LABEL);
    expect(CANCELLED_LABEL).toBe("キャンセル済み");
    expect(entryStatusTone(entry)).toBe("neutral");
  });

  it("a review that leaves no claim to buy archives the entry with rejected_at: it reads お見送り, never 終了 or キャンセル", () => {
    const entry = { status: 6, rejected_at: cancelledAt };
    expect(entryStatusLabel(entry)).toBe(DECLINED_LABEL);
    expect(DECLINED_LABEL).toBe("お見送り");
    expect(entryStatusTone(entry)).toBe("neutral");
  });

  it("an archived entry neither cancelled nor declined reads 終了; one whose returns all came reads 完了 whatever else", () => {
    expect(entryStatusLabel({ status: 6 })).toBe("終了");
    expect(entryStatusTone({ status: 6 })).toBe("done");
    expect(
      entryStatusLabel({ status: 6, rejected_at: cancelledAt, transaction_completed_at: cancelledAt }),
    ).toBe("完了（ご返金確認済み）");
  });

  it("cannot_buy is the operator's decision: お見送り, in a cancelled entry too (the cancel keeps it)", () => {
    expect(claimStatusLabel({ status: 8 }, {})).toBe(DECLINED_LABEL);
    expect(claimStatusLabel({ status: 8 }, { cancelled_at: cancelledAt })).toBe(DECLINED_LABEL);
  });

  it("the owner's cancel cancels the entry's open claims at its moment: such a claim reads キャンセル済み", () => {
    const entry = { cancelled_at: cancelledAt };
    expect(claimStatusLabel({ status: 9, cancelled_at: cancelledAt }, entry)).toBe(CANCELLED_LABEL);
    // The same moment written in another zone is the same moment.
    expect(claimStatusLabel({ status: 9, cancelled_at: "2026-11-20T01:00:00Z" }, entry)).toBe(
      CANCELLED_LABEL,
    );
    expect(claimStatusLabel({ status: 9 }, entry)).toBe(CANCELLED_LABEL);
  });

  it("a claim the operator cancelled (cancel-claim: in an entry not cancelled, or before the owner's cancel) reads お見送り", () => {
    expect(claimStatusLabel({ status: 9, cancelled_at: cancelledAt }, {})).toBe(DECLINED_LABEL);
    expect(
      claimStatusLabel(
        { status: 9, cancelled_at: "2026-11-19T10:00:00+09:00" },
        { cancelled_at: cancelledAt },
      ),
    ).toBe(DECLINED_LABEL);
  });
});

describe("a submitted entry's documents (§4 review status; confirmation statuses start as nothing)", () => {
  it("nothing (4) with files sent reads 受付済み, never 未提出: the files are in, not yet reviewed", () => {
    expect(entryDocumentStatusLabel(4, true)).toBe("受付済み");
    expect(entryDocumentStatusLabel(null, true)).toBe("受付済み");
  });
  it("nothing (4) with no file of the group in this entry reads 提出なし (the step was met without one)", () => {
    expect(entryDocumentStatusLabel(4, false)).toBe("提出なし");
  });
  it("a review the operator recorded reads as the review says: 1 確認中, 2 不備あり, 3 確認済み, 5 期限切れ", () => {
    expect([1, 2, 3, 5].map((status) => entryDocumentStatusLabel(status, true))).toEqual([
      "確認中",
      "不備あり",
      "確認済み",
      "期限切れ",
    ]);
  });
  it("no word of any table for a submitted entry reads 未提出 or 入金済み", () => {
    const words = [
      ...Object.values(ENTRY_STATUS_LABELS),
      ...Object.values(CLAIM_STATUS_LABELS),
      ...[1, 2, 3, 4, 5].flatMap((status) => [
        entryDocumentStatusLabel(status, true),
        entryDocumentStatusLabel(status, false),
      ]),
    ];
    expect(words).not.toContain("未提出");
    expect(words).not.toContain("入金済み");
  });
});

describe("the identity as the user reads it today", () => {
  it("Identity is expired when its valid date is before the start of today: a confirmed identity past its date reads 期限切れ", () => {
    expect(identityStatusLabel({ identity_confirmation: 3, identity_valid_date: "2026-11-20" }, now)).toBe(
      "期限切れ",
    );
    expect(identityStatusLabel({ identity_confirmation: 3, identity_valid_date: "2026-11-21" }, now)).toBe(
      "確認済み",
    );
  });
  it("the operator's expired (5) reads 期限切れ whatever the date", () => {
    expect(identityStatusLabel({ identity_confirmation: 5, identity_valid_date: null }, now)).toBe(
      "期限切れ",
    );
  });
  it("Confirmation statuses start as nothing: no status at all reads 未提出", () => {
    expect(identityStatusLabel({}, now)).toBe("未提出");
    expect(identityStatusLabel({ identity_confirmation: 1 }, now)).toBe("確認中");
    expect(identityStatusLabel({ identity_confirmation: 2 }, now)).toBe("不備あり");
  });
  it("files uploaded while nothing was submitted are named by side, never 未提出 beside a file", () => {
    expect(identityStatusLabel({}, now, ["front"])).toBe("表面をアップロード済み（提出前）");
    expect(identityStatusLabel({ identity_confirmation: 4 }, now, ["back", "front"])).toBe(
      "表面・裏面をアップロード済み（提出前）",
    );
    expect(identityAwaitsSubmission({}, ["front"])).toBe(true);
    // A status from a review stands: the files beside it are the ones reviewed.
    expect(identityStatusLabel({ identity_confirmation: 1 }, now, ["front", "back"])).toBe("確認中");
    expect(identityAwaitsSubmission({ identity_confirmation: 2 }, ["front"])).toBe(false);
    expect(identityAwaitsSubmission({}, [])).toBe(false);
  });
});
