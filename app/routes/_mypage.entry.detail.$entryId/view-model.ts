// The entry detail page's view model (issue 9): only what the page shows, in the words and formats a
// business owner reads. Pure (the loader makes the call).

import type { EntryDetail } from "~/upstream/entries.server";
import { type EntryTimeline, entryTimeline } from "~/domain/entry-timeline";
import { formatJapaneseDate, japanDate } from "~/domain/japan-date";
import { type ClaimFigures, claimFigures, figureTotals } from "~/domain/purchase-figures";
import {
  claimStatusLabel,
  entryStatusLabel,
  entryStatusTone,
  reviewStatusLabel,
} from "~/domain/status-labels";
import { ClaimStatus, isEntryCancellable } from "~/domain/statuses";
import { formatYen } from "~/domain/yen";

/** §3 claim deposit types (ordinary, current) and the bank account's (checking), in Japanese. */
const DEPOSIT_TYPE_LABELS: Readonly<Record<string, string>> = {
  ordinary: "普通",
  current: "当座",
  checking: "当座",
};

const dateOf = (value: string | null | undefined) => (value ? formatJapaneseDate(value) : "");
const files = (list: readonly { id: number; name: string }[]) => list.map(({ id, name }) => ({ id, name }));

/** The review's figures as the page shows them (amounts in yen, the annual rate in percent). */
function figuresView(figures: ClaimFigures) {
  return {
    principal: figures.principal === null ? "" : formatYen(figures.principal),
    purchaseAmount: formatYen(figures.purchaseAmount),
    ratio: figures.ratio,
    fee: formatYen(figures.fee),
    feeRatio: figures.feeRatio,
    bankCharge: formatYen(figures.bankCharge),
    received: formatYen(figures.received),
    annualRate: figures.annualRate === null ? "" : `約${figures.annualRate.toFixed(1)}%`,
  };
}

export function entryDetailView(entry: EntryDetail, now: Date) {
  const timeline: EntryTimeline = entryTimeline(entry);
  const today = japanDate(now);
  const figures = entry.claims.map((claim) => claimFigures(claim, today));
  const reviewed = figures.filter((figure): figure is ClaimFigures => figure !== null);
  const totals = figureTotals(reviewed);
  return {
    id: entry.id,
    code: entry.code,
    statusLabel: entryStatusLabel(entry.status),
    tone: entryStatusTone(entry.status),
    /** §4 "Cancellable only while under_review, inadequate or reviewed." */
    cancellable: isEntryCancellable(entry.status),
    createdDate: dateOf(entry.created_at),
    desiredAmount: formatYen(entry.purchase_amount_desired),
    purpose: entry.purpose ?? "",
    timeline: {
      exception: timeline.exception,
      steps: timeline.steps.map((step) => ({ ...step, date: dateOf(step.date) })),
    },
    /** The operator's words for what is inadequate in the entry's own documents, as given. */
    inadequateDocuments: entry.description_of_inadequate_document ?? "",
    documents: [
      { label: "決算書類", status: reviewStatusLabel(entry.financial_statement_confirmation_status) },
      {
        label: "入出金明細",
        status: reviewStatusLabel(entry.account_activity_statement_confirmation_status),
      },
    ],
    entryFiles: files(entry.addfiles),
    /** The sums over the claims the review priced; null before any was. */
    totals:
      reviewed.length === 0
        ? null
        : {
            purchaseAmount: formatYen(totals.purchaseAmount),
            fee: formatYen(totals.fee),
            bankCharge: formatYen(totals.bankCharge),
            received: formatYen(totals.received),
          },
    claims: entry.claims.map((claim, index) => {
      const account = claim.receive_payment_account;
      return {
        id: claim.id,
        number: index + 1,
        code: claim.code,
        statusLabel: claimStatusLabel(claim.status),
        inadequate: claim.status === ClaimStatus.inadequate,
        inadequateReason: claim.inadequate_reason ?? "",
        debtor: claim.obliger_company_name ?? "",
        amount: formatYen(claim.amount),
        paymentDate: dateOf(claim.obliger_payment_date),
        account: account
          ? [
              account.bank_name,
              account.deposit_type ? DEPOSIT_TYPE_LABELS[account.deposit_type] : "",
              account.bank_account_number,
            ]
              .filter(Boolean)
              .join(" ")
          : "",
        holders: (account?.obliger_accounts ?? []).map((holder) => holder.holder_name),
        documents: [
          { label: "請求書", status: reviewStatusLabel(claim.invoice_confirmation_status) },
          { label: "追加書類", status: reviewStatusLabel(claim.additional_doc_confirmation_status) },
        ],
        files: files(claim.contentfiles),
        figures: figures[index] ? figuresView(figures[index]) : null,
      };
    }),
  };
}

export type EntryDetailView = ReturnType<typeof entryDetailView>;
