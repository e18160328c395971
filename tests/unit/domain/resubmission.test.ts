import { describe, expect, it } from "vitest";
import {
  type ResubmissionEntry,
  ResubmissionMessage,
  groupOfKind,
  groupSlots,
  hasSomethingToResubmit,
  inadequateGroups,
  NO_CHOICES,
  omitFileField,
  missingUploads,
  readResubmissionChoices,
  statementAccountProblems,
  statementAccounts,
  documentGroupName,
  requestedItems,
  resubmissionIntro,
  resubmittedFiles,
  uploadRequirements,
} from "../../../app/domain/resubmission";
import { MAX_STATEMENTS } from "../../../app/domain/withdrawal-step";
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

  it("a group's slots: every financial kind the user may submit and any submitted; both statement formats of every account", () => {
    expect(groupSlots(entry(), "financial_statements", true).map((slot) => slot.kind)).toEqual([
      "tax_returns",
      "business_opening",
      "pl",
      "bs",
    ]);
    const statements = groupSlots(entry({ addfiles: [] }), "withdrawals_detail", false).map(
      (slot) => slot.kind,
    );
    expect(statements.slice(0, 4)).toEqual([
      "passbook_cover-1",
      "passbook_details-1",
      "ib_info-1",
      "ib_details-1",
    ]);
    expect(statements).toHaveLength(4 * MAX_STATEMENTS);
  });

  it("the statement accounts: each number a submitted or new file carries, in the format of the newest choice", () => {
    expect(statementAccounts(entry(), [])).toEqual([{ displayId: 1, format: "passbook" }]);
    expect(statementAccounts(entry(), [file(40, "ib_info-1"), file(41, "passbook_cover-2")])).toEqual([
      { displayId: 1, format: "ib" },
      { displayId: 2, format: "passbook" },
    ]);
    // A file flagged in error says nothing of the account.
    expect(statementAccounts(entry(), [file(42, "ib_info-3", true)])).toEqual([
      { displayId: 1, format: "passbook" },
    ]);
  });
});

describe("the files a resubmission sends (docs/upstream-api/entries.md: given contentfiles/addfiles replace the current ones)", () => {
  it("a document found inadequate needs a new file: its own for a claim's, one of the group for a group", () => {
    const inadequate = entry({ financial_statement_confirmation_status: ReviewStatus.inadequate });
    const requirements = uploadRequirements(inadequate, false);
    expect(missingUploads(requirements, [])).toEqual(
      new Map([
        ["claim-2-invoice", ResubmissionMessage.newInvoiceNeeded],
        ["pl", ResubmissionMessage.newFinancialNeeded],
      ]),
    );
    // A new file of another kind of the group meets the group's; a file flagged in error meets nothing.
    expect(missingUploads(requirements, [file(20, "bs"), file(21, "invoice-2", true)])).toEqual(
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

  it("an inadequate group's new files are added to what was submitted, less the files left out; other groups stay", () => {
    const inadequate = entry({
      financial_statement_confirmation_status: ReviewStatus.inadequate,
      account_activity_statement_confirmation_status: ReviewStatus.inadequate,
    });
    // More months for account 1, a new P/L beside the old one; pl-2 is no slot of the page.
    const sent = resubmittedFiles(
      inadequate,
      [file(30, "pl"), file(31, "passbook_details-1"), file(32, "pl-2")],
      false,
    );
    expect(sent.addfiles).toEqual([10, 11, 12, 13, 30, 31]);
    // The old P/L left out: the new one stands in for it.
    const replaced = resubmittedFiles(inadequate, [file(30, "pl")], false, {
      ...NO_CHOICES,
      omitted: new Set([10]),
    });
    expect(replaced.addfiles).toEqual([11, 12, 13, 30]);
    // A file of a group that is not inadequate cannot be left out.
    const statementsOnly = entry({ account_activity_statement_confirmation_status: ReviewStatus.inadequate });
    expect(
      resubmittedFiles(statementsOnly, [file(31, "passbook_details-1")], false, {
        ...NO_CHOICES,
        omitted: new Set([10, 13]),
      }).addfiles,
    ).toEqual([10, 11, 12, 31]);
    // No group inadequate: addfiles is not sent at all (left as it is).
    expect(resubmittedFiles(entry(), [file(30, "pl")], false).addfiles).toBeUndefined();
  });

  it("a second account is added; an account switched to internet banking sends its new screens, not its passbook", () => {
    const statements = entry({ account_activity_statement_confirmation_status: ReviewStatus.inadequate });
    const added = [file(50, "passbook_cover-2"), file(51, "passbook_details-2")];
    expect(resubmittedFiles(statements, added, false).addfiles).toEqual([10, 11, 12, 13, 50, 51]);
    expect(statementAccountProblems(statements, added, false, NO_CHOICES)).toEqual({});

    const screens = [file(60, "ib_info-1"), file(61, "ib_details-1")];
    const switched = { ...NO_CHOICES, formats: new Map([[1, "ib" as const]]) };
    expect(resubmittedFiles(statements, screens, false, switched).addfiles).toEqual([10, 11, 60, 61]);
    // Switched back to the passbook on the form: the screens stay behind.
    const back = { ...NO_CHOICES, formats: new Map([[1, "passbook" as const]]) };
    expect(resubmittedFiles(statements, screens, false, back).addfiles).toEqual([10, 11, 12, 13]);
  });

  it("§4 a statement is satisfied when both uploads of its format are there: an account short of one is said at it", () => {
    const statements = entry({ account_activity_statement_confirmation_status: ReviewStatus.inadequate });
    const oneScreen = [file(60, "ib_details-1")];
    expect(
      statementAccountProblems(statements, oneScreen, false, {
        ...NO_CHOICES,
        formats: new Map([[1, "ib"]]),
      }),
    ).toEqual({ "banks[0].uploads": "口座情報の画面と入出金明細の画面をアップロードしてください。" });
    // A cover left out of the passbook.
    expect(
      statementAccountProblems(statements, [], false, { ...NO_CHOICES, omitted: new Set([12]) }),
    ).toEqual({
      "banks[0].uploads": "通帳の表紙と入出金のページをアップロードしてください。",
    });
  });

  it("the choices as the form sends them", () => {
    const form = new FormData();
    form.set("banks[0].file_format", "ib");
    form.set("banks[1].file_format", "passbook");
    form.set(omitFileField(12), "on");
    form.set("omit_file-x", "on");
    expect(readResubmissionChoices(form)).toEqual({
      formats: new Map([
        [1, "ib"],
        [2, "passbook"],
      ]),
      omitted: new Set([12]),
    });
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
    expect(resubmissionIntro(statements)[1]).toBe(
      "不備のあった書類は、ファイルの追加や差し替えができます。入出金明細は、口座の追加や、通帳とインターネットバンキングの切り替えもできます。修正が終わったら「再提出する」を押してください。",
    );
  });
});

describe("a sole proprietor's financial documents are asked for again as the 確定申告書", () => {
  it("names the group, the opening and the slot's message for what a sole proprietor files", () => {
    expect(documentGroupName("financial_statements", true)).toBe("確定申告書");
    expect(documentGroupName("financial_statements")).toBe("決算書類");
    expect(documentGroupName("withdrawals_detail", true)).toBe("入出金明細");
    const financial = entry({ claims: [], financial_statement_confirmation_status: ReviewStatus.inadequate });
    expect(resubmissionIntro(financial, true)[0]).toBe("審査の結果、確定申告書に不備がありました。");
    expect(resubmissionIntro(financial)[0]).toBe("審査の結果、決算書類に不備がありました。");
    expect(uploadRequirements(financial, true).map((requirement) => requirement.message)).toEqual([
      "不備のあった確定申告書を、新しいファイルでアップロードしてください。",
    ]);
  });
});
