import { describe, expect, it } from "vitest";
import {
  AgreementAbsenceMessage,
  ContractRefusalMessage,
  agreementAbsence,
  contractRefusal,
} from "~/domain/contract-refusal";
import { ClaimStatus, EntryStatus, ReviewStatus } from "~/domain/statuses";
import { bankCalendar } from "~/lookup/japan-holidays.server";

const TODAY = "2026-12-28";
const calendar = bankCalendar("2026-11-01", "2027-02-28");
const confirmed = { identity_confirmation: ReviewStatus.confirmed, identity_valid_date: "2027-06-30" };
const claim = (fields: Record<string, unknown> = {}) => ({
  status: ClaimStatus.can_buy,
  obliger_company_name: "株式会社みなと商事",
  obliger_payment_date: "2027-01-29",
  return_date: null,
  ...fields,
});
const reviewed = (...claims: ReturnType<typeof claim>[]) => ({ status: EntryStatus.reviewed, claims });

describe("no term the owner cannot keep: an entry is contracted only when reviewed with a can_buy claim, every bought claim's deadline after today, and the owner's identity confirmed and valid", () => {
  it("a reviewed entry with a can_buy claim due later, and a confirmed identity valid today, may be contracted", () => {
    expect(contractRefusal(reviewed(claim()), confirmed, TODAY, calendar)).toBeNull();
    const validToday = { ...confirmed, identity_valid_date: TODAY };
    expect(contractRefusal(reviewed(claim()), validToday, TODAY, calendar)).toBeNull();
  });

  it("not reviewed, or nothing to buy: not contractable, nothing to do but wait", () => {
    const underReview = {
      status: EntryStatus.under_review,
      claims: [claim({ status: ClaimStatus.under_review })],
    };
    expect(contractRefusal(underReview, confirmed, TODAY, calendar)).toEqual({
      kind: "notContractable",
      message: ContractRefusalMessage.notContractable,
      remedy: null,
    });
    const declined = reviewed(claim({ status: ClaimStatus.cannot_buy }));
    expect(contractRefusal(declined, confirmed, TODAY, calendar)?.kind).toBe("notContractable");
  });

  it("a bought claim whose deadline is today is refused, naming the claim (請求書N・売掛先) and the date, with what to do", () => {
    const refusal = contractRefusal(
      reviewed(
        claim({ obliger_payment_date: "2027-01-29" }),
        claim({ obliger_payment_date: TODAY, obliger_company_name: "有限会社さくら" }),
      ),
      confirmed,
      TODAY,
      calendar,
    );
    expect(refusal?.kind).toBe("deadlinePassed");
    expect(refusal?.remedy).toBe("reapply");
    expect(refusal?.message).toBe(
      "請求書2・有限会社さくらの返金期日（2026年12月28日（月））が本日です。返金期日より前に買取代金をお支払いできないため、このお申し込みはご契約いただけません。お申し込みをキャンセルし、請求書の新しい入金予定日でお申し込みし直すか、お問い合わせ窓口にご相談ください。",
    );
  });

  it("a deadline already past is refused; the deadline is the next business day of a closed payment date (12/26 Sat → 12/28 today)", () => {
    const past = contractRefusal(
      reviewed(claim({ obliger_payment_date: "2026-12-25" })),
      confirmed,
      TODAY,
      calendar,
    );
    expect(past?.message).toContain(
      "請求書1・株式会社みなと商事の返金期日（2026年12月25日（金））が過ぎています。",
    );
    const saturday = contractRefusal(
      reviewed(claim({ obliger_payment_date: "2026-12-26" })),
      confirmed,
      TODAY,
      calendar,
    );
    expect(saturday?.message).toContain("返金期日（2026年12月28日（月））が本日です。");
  });

  it("a closed payment date whose next business day is after today may be contracted (12/31 → 1/4)", () => {
    expect(
      contractRefusal(reviewed(claim({ obliger_payment_date: "2026-12-31" })), confirmed, TODAY, calendar),
    ).toBeNull();
  });

  it("the contracted return_date, when given, is the date judged; claims not bought are not judged", () => {
    const late = claim({ obliger_payment_date: "2027-01-29", return_date: "2026-12-01" });
    expect(contractRefusal(reviewed(late), confirmed, TODAY, calendar)?.kind).toBe("deadlinePassed");
    const declinedPast = claim({ status: ClaimStatus.cannot_buy, obliger_payment_date: "2026-12-01" });
    expect(contractRefusal(reviewed(claim(), declinedPast), confirmed, TODAY, calendar)).toBeNull();
  });

  it("an expired identity (status expired, or valid date before today) is refused with /profile to renew it", () => {
    const expired = { identity_confirmation: ReviewStatus.expired, identity_valid_date: "2027-06-30" };
    const lapsed = { ...confirmed, identity_valid_date: "2026-12-27" };
    for (const owner of [expired, lapsed]) {
      expect(contractRefusal(reviewed(claim()), owner, TODAY, calendar)).toEqual({
        kind: "identityExpired",
        message: ContractRefusalMessage.identityExpired,
        remedy: "profile",
      });
    }
  });

  it("an identity not confirmed (confirming, inadequate, nothing) is refused with /profile", () => {
    for (const status of [ReviewStatus.confirming, ReviewStatus.inadequate, ReviewStatus.nothing]) {
      const refusal = contractRefusal(
        reviewed(claim()),
        { identity_confirmation: status, identity_valid_date: null },
        TODAY,
        calendar,
      );
      expect(refusal?.kind).toBe("identityUnconfirmed");
      expect(refusal?.remedy).toBe("profile");
    }
  });

  it("a passed deadline is said before the identity: renewing the identity would not make it contractable", () => {
    const expired = { identity_confirmation: ReviewStatus.expired, identity_valid_date: null };
    const refusal = contractRefusal(
      reviewed(claim({ obliger_payment_date: TODAY })),
      expired,
      TODAY,
      calendar,
    );
    expect(refusal?.kind).toBe("deadlinePassed");
  });
});

describe("the agreement is filled with the bought claims' figures: before review it will be, after a review that bought nothing it will not", () => {
  it("under review, or asked for documents: the agreement comes after the review", () => {
    for (const status of [EntryStatus.under_review, EntryStatus.inadequate]) {
      const absence = agreementAbsence({ status, claims: [claim({ status: ClaimStatus.under_review })] });
      expect(absence).toEqual({ kind: "beforeReview", ...AgreementAbsenceMessage.beforeReview });
      expect(absence?.title).toBe("契約書は審査の完了後にご覧いただけます");
    }
  });

  it("reviewed with nothing to buy, or cancelled before review: there is no agreement", () => {
    expect(agreementAbsence(reviewed(claim({ status: ClaimStatus.cannot_buy })))?.kind).toBe("nothingBought");
    expect(
      agreementAbsence({ status: EntryStatus.archived, claims: [claim({ status: ClaimStatus.cancel })] })
        ?.title,
    ).toBe("このお申し込みの契約書はありません");
  });

  it("a claim with a purchase amount (can_buy, contracted, after): the agreement is there", () => {
    expect(agreementAbsence(reviewed(claim(), claim({ status: ClaimStatus.cannot_buy })))).toBeNull();
    expect(
      agreementAbsence({
        status: EntryStatus.transferred,
        claims: [claim({ status: ClaimStatus.returned })],
      }),
    ).toBeNull();
  });
});
