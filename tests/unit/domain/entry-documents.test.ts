import { describe, expect, it } from "vitest";
import { claimFileGroups, fileGroups } from "../../../app/domain/entry-documents";

const file = (id: number, kind: string, name = `${kind}.pdf`) => ({ id, kind, name });

describe("an entry's files by what they are", () => {
  it("financial documents by kind, in the order the financial step asks for them, a kind without a file left out", () => {
    expect(
      fileGroups(
        [
          file(1, "tb_bs"),
          file(2, "tb_pl"),
          file(3, "tb_pl", "試算表_追加.pdf"),
          file(4, "passbook_cover-1"),
        ],
        "financial_statements",
      ),
    ).toEqual([
      {
        label: "試算表（損益計算書）",
        files: [
          { id: 2, name: "tb_pl.pdf" },
          { id: 3, name: "試算表_追加.pdf" },
        ],
      },
      { label: "試算表（貸借対照表）", files: [{ id: 1, name: "tb_bs.pdf" }] },
    ]);
  });

  it("a statement account's files named as the withdrawal step's slots: 「通帳の表紙（口座2）」", () => {
    expect(
      fileGroups([file(5, "passbook_details-2"), file(6, "passbook_cover-2")], "withdrawals_detail", "口座2"),
    ).toEqual([
      { label: "通帳の表紙（口座2）", files: [{ id: 6, name: "passbook_cover-2.pdf" }] },
      { label: "入出金のページ（口座2）", files: [{ id: 5, name: "passbook_details-2.pdf" }] },
    ]);
  });

  it("a claim's invoices, then its additional documents: 「請求書1の請求書」", () => {
    expect(claimFileGroups([file(8, "additional_doc-1"), file(7, "invoice-1")], 1)).toEqual([
      { label: "請求書1の請求書", files: [{ id: 7, name: "invoice-1.pdf" }] },
      { label: "請求書1の追加書類", files: [{ id: 8, name: "additional_doc-1.pdf" }] },
    ]);
  });
});
