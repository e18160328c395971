import { describe, expect, it } from "vitest";
import {
  type ResubmissionEntry,
  ResubmissionMessage,
  groupOfKind,
  groupSlots,
  hasSomethingToResubmit,
  inadequateGroups,
  missingUploads,
  requestedItems,
  resubmissionIntro,
  resubmittedFiles,
  uploadRequirements,
} from "../../../app/domain/resubmission";
import { ClaimStatus, EntryStatus, ReviewStatus } from "../../../app/domain/statuses";

const file = (id: number, kind: string, error = false) => ({ id, kind, error });

/** Two claims: the first bought, the second found inadequate (its invoice); documents not reviewed. */
function entry(overrides: Partial<ResubmissionEntry> = {}): ResubmissionEntry {
  return {
    status: EntryStatus.inadequate,
    financial_statement_confirmation_status: ReviewStatus.nothing,
    account_activity_statement_confirmation_status: ReviewStatus.nothing,
    addfiles: [file(10, "pl"), file(11, "bs"), file(12, "passbook_cover-1"), file(13, "passbook_details-1")],
    claims: [
      { id: 1, status: ClaimStatus.can_buy, contentfiles: [file(1, "invoice-1")] },
      {
        id: 2,
        status: ClaimStatus.inadequate,
        invoice_confirmation_status: ReviewStatus.inadequate,
        additional_doc_confirmation_status: ReviewStatus.nothing,
        contentfiles: [file(2, "invoice-2"), file(3, "additional_doc-2")],
      },
    ],
    ...overrides,
  };
}

describe("what may be resubmitted (§4 entry status inadequate 2; claim status inadequate 2; review status inadequate 2)", () => {
  it("only an inadequate entry, and only when a claim or a document group is inadequate", () => {
    expect(hasSomethingToResubmit(entry())).toBe(true);
    expect(hasSomethingToResubmit(entry({ status: EntryStatus.reviewed }))).toBe(false);
    expect(hasSomethingToResubmit(entry({ status: EntryStatus.under_review }))).toBe(false);
    const noClaim = entry({ claims: [entry().claims[0]!] });
    expect(hasSomethingToResubmit(noClaim)).toBe(false);
    expect(
      hasSomethingToResubmit({
        ...noClaim,
        financial_statement_confirmation_status: ReviewStatus.inadequate,
      }),
    ).toBe(true);
  });

  it("the document groups are the entry's financial and account-statement files", () => {
    expect(inadequateGroups(entry({ account_activity_statement_confirmation_status: 2 }))).toEqual([
      "withdrawals_detail",
    ]);
    expect(groupOfKind("tb_pl")).toBe("financial_statements");
    expect(groupOfKind("ib_details-3")).toBe("withdrawals_detail");
    expect(groupOfKind("invoice-1")).toBeNull();
    expect(groupOfKind("identity")).toBeNull();
  });

  it("a group's slots are the kinds it was submitted with, or every kind the user may submit when it has none", () => {
    expect(groupSlots(entry(), "financial_statements", false).map((slot) => slot.kind)).toEqual(["bs", "pl"]);
    expect(
      groupSlots(entry({ addfiles: [] }), "financial_statements", true).map((slot) => slot.kind),
    ).toEqual(["tax_returns", "business_opening"]);
    expect(groupSlots(entry({ addfiles: [] }), "withdrawals_detail", false).map((slot) => slot.kind)).toEqual(
      ["passbook_cover-1", "passbook_details-1", "ib_info-1", "ib_details-1"],
    );
  });
});

describe("the files a resubmission sends (docs/upstream-api/entries.md: given contentfiles/addfiles replace the current ones)", () => {
  it("a document found inadequate needs a new file: its own for a claim's, one of the group for a group", () => {
    const inadequate = entry({ financial_statement_confirmation_status: ReviewStatus.inadequate });
    const requirements = uploadRequirements(inadequate, false);
    expect(missingUploads(requirements, [])).toEqual(
      new Map([
        ["claim-2-invoice", ResubmissionMessage.newInvoiceNeeded],
        ["bs", ResubmissionMessage.newFinancialNeeded],
      ]),
    );
    // A new file of another kind of the group meets the group's; a file flagged in error meets nothing.
    expect(missingUploads(requirements, [file(20, "pl"), file(21, "invoice-2", true)])).toEqual(
      new Map([["claim-2-invoice", ResubmissionMessage.newInvoiceNeeded]]),
    );
  });

  it("a new file replaces the submitted files of its kind; the others are sent again; other claims are not sent", () => {
    expect(resubmittedFiles(entry(), [file(20, "invoice-2"), file(21, "invoice-2")], false)).toEqual({
      claims: [{ id: 2, contentfiles: [3, 20, 21] }],
    });
    // Nothing new: the claim keeps what it had.
    expect(resubmittedFiles(entry(), [], false)).toEqual({ claims: [{ id: 2, contentfiles: [2, 3] }] });
  });

  it("an inadequate group's files are replaced kind by kind, a statement's number included", () => {
    const inadequate = entry({
      financial_statement_confirmation_status: ReviewStatus.inadequate,
      account_activity_statement_confirmation_status: ReviewStatus.inadequate,
    });
    const sent = resubmittedFiles(
      inadequate,
      [file(30, "pl"), file(31, "passbook_details-1"), file(32, "pl-2")],
      false,
    );
    expect(sent.addfiles).toEqual([11, 12, 30, 31]);
    // No group inadequate: addfiles is not sent at all (left as it is).
    expect(resubmittedFiles(entry(), [file(30, "pl")], false).addfiles).toBeUndefined();
  });
});

describe("the intro names what the operator asked for", () => {
  it("an inadequate claim's invoice, its additional documents, or its entries; the entry's document groups", () => {
    expect(requestedItems(entry())).toEqual(["請求書2の請求書"]);
    const both = entry({
      account_activity_statement_confirmation_status: ReviewStatus.inadequate,
      financial_statement_confirmation_status: ReviewStatus.inadequate,
      claims: [
        {
          id: 1,
          status: ClaimStatus.inadequate,
          invoice_confirmation_status: ReviewStatus.confirming,
          additional_doc_confirmation_status: ReviewStatus.inadequate,
          contentfiles: [],
        },
        { id: 2, status: ClaimStatus.inadequate, contentfiles: [] },
      ],
    });
    expect(requestedItems(both)).toEqual([
      "請求書1の追加書類",
      "請求書2の入力内容",
      "決算書類",
      "入出金明細",
    ]);
  });

  it("says them in one sentence, and what can be added for the documents asked for", () => {
    expect(resubmissionIntro(entry())).toEqual([
      "審査の結果、請求書2の請求書に不備がありました。",
      "不備のあった請求書の入力内容と書類を修正・再提出できます。修正が終わったら「再提出する」を押してください。",
    ]);
    const statements = entry({
      claims: [],
      account_activity_statement_confirmation_status: ReviewStatus.inadequate,
    });
    expect(resubmissionIntro(statements)[0]).toBe("審査の結果、入出金明細に不備がありました。");
    expect(resubmissionIntro(statements)[1]).not.toMatch(/請求書/);
  });
});
