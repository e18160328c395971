// What the entry detail page shows, in a business owner's words; pure.

import type { Brand } from "~/brand/brands";
import type { BankCalendar } from "~/domain/bank-calendar";
import type { EntryDetail } from "~/upstream/entries.server";
import { type EntryTimeline, entryTimeline } from "~/domain/entry-timeline";
import { formatJapaneseDate, japanDate } from "~/domain/japan-date";
import {
  type ClaimFigures,
  claimFigures,
  claimFiguresText,
  countsInTotals,
  figureTotalsScope,
  figureTotalsText,
  payoutDay,
} from "~/domain/purchase-figures";
import { type ReturnObligation, returnObligation } from "~/domain/return-obligation";
import type { StatementSummaryView } from "~/components/statement-card";
import {
  type EntryDocumentGroup,
  type NamedFile,
  claimFileGroups,
  documentGroupOf,
  fileGroups,
  hasFileOfGroup,
} from "~/domain/entry-documents";
import { parseUploadKind } from "~/domain/file-kinds";
import { STATEMENT_FORMAT_LABELS, effectiveFileFormat } from "~/domain/withdrawal-step";
import {
  claimStatusLabel,
  entryDocumentStatusLabel,
  entryStatusLabel,
  entryStatusTone,
} from "~/domain/status-labels";
import {
  ResubmissionMessage,
  documentGroupName,
  hasSomethingToResubmit,
  statementAccounts,
} from "~/domain/resubmission";
import { ClaimStatus, EntryStatus, isEntryCancellable, isEntryContractable } from "~/domain/statuses";
import { formatYen } from "~/domain/yen";
import type { ContractRefusalView } from "~/domain/contract-refusal";
import { entryPaths } from "~/routing/entry-paths";
import { receivingAccountText, returnAccountLines } from "~/domain/account-lines";

const dateOf = (value: string | null | undefined) => (value ? formatJapaneseDate(value) : "");

/**
 * Each statement account with its bank, number and files, as the entry was sent with them (a contract
 * addition); from an upstream without them, by the number its files carry (§3).
 */
function statementsView(entry: EntryDetail): StatementSummaryView[] {
  const view = (displayId: number, format: "passbook" | "ib", files: EntryDetail["addfiles"]) => {
    const typed = entry.banks?.[displayId - 1];
    return {
      displayId,
      format: STATEMENT_FORMAT_LABELS[format],
      bankName: typed?.bank_name ?? null,
      accountNumber: typed?.bank_account_number ?? null,
      period: null,
      files: fileGroups(files, "withdrawals_detail", `口座${displayId}`),
    };
  };
  const sent = entry.banks ?? [];
  if (sent.length > 0 && sent.every((bank) => bank.contentfiles)) {
    return sent.map((bank, index) => {
      const files = entry.addfiles.filter((file) => bank.contentfiles!.includes(file.id));
      return view(index + 1, effectiveFileFormat(bank.file_format), files);
    });
  }
  const accountOf = (kind: string) =>
    documentGroupOf(kind) === "withdrawals_detail" ? (parseUploadKind(kind)?.displayId ?? 1) : null;
  return statementAccounts(entry, []).map(({ displayId, format }) =>
    view(
      displayId,
      format,
      entry.addfiles.filter((file) => accountOf(file.kind) === displayId),
    ),
  );
}

/**
 * The entry's own files by what they are: financial documents by kind, each statement account with its
 * bank and number where kept and its files, any other file as it is.
 */
function entryFilesView(entry: EntryDetail, division: unknown) {
  const statements = statementsView(entry);
  const financial = fileGroups(entry.addfiles, "financial_statements");
  const shown = new Set(
    [...financial, ...statements.flatMap((statement) => statement.files)].flatMap((group) =>
      group.files.map((file) => file.id),
    ),
  );
  return {
    financial: {
      title: documentGroupName("financial_statements", division === "individual"),
      files: financial,
    },
    statements: { title: documentGroupName("withdrawals_detail"), accounts: statements },
    others: entry.addfiles
      .filter((file) => !shown.has(file.id))
      .map(({ id, name }): NamedFile => ({ id, name })),
  };
}

/** A return obligation in words, counted to its deadline. */
function returnView(obligation: ReturnObligation) {
  const { daysLeft, state } = obligation;
  return {
    dueDate: formatJapaneseDate(obligation.dueDate),
    amount: obligation.amount === null ? "" : formatYen(obligation.amount),
    state,
    when:
      state === "returned"
        ? "ご返金を確認しました"
        : daysLeft === null
          ? ""
          : daysLeft < 0
            ? `期日を${-daysLeft}日過ぎています`
            : state === "late"
              ? "遅れています"
              : daysLeft === 0
                ? "本日が期日です"
                : `あと${daysLeft}日`,
    note: obligation.note,
    returnedDate: obligation.returnedOn ? formatJapaneseDate(obligation.returnedOn) : "",
  };
}

function documentRow(
  label: string,
  confirmation: number | null | undefined,
  files: readonly { kind: string }[],
  group: EntryDocumentGroup,
) {
  return { label, status: entryDocumentStatusLabel(confirmation, hasFileOfGroup(files, group)) };
}

/** Statuses in which the agreement has figures to show: reviewed and after contract. */
const STATUSES_WITH_AGREEMENT: readonly number[] = [
  EntryStatus.reviewed,
  EntryStatus.contracted,
  EntryStatus.transferred,
];

export function entryDetailView(
  entry: EntryDetail,
  now: Date,
  brand: Pick<Brand, "operatorName" | "returnAccount">,
  /** The bank holidays around the entry's return dates (japan-holidays.server.ts returnDateCalendar). */
  calendar: BankCalendar,
  options: {
    /** Just resubmitted: the page says it was received. */
    resubmitted?: boolean;
    /** Why the contract rule refuses the entry today (contract-view.server.ts contractRefusal). */
    contractRefusal?: ContractRefusalView | null;
    /** The owner's business type: a sole proprietor's financial documents are the 確定申告書. */
    division?: unknown;
  } = {},
) {
  const { resubmitted = false, contractRefusal = null, division } = options;
  // Reviewed with something to buy, yet refused (a deadline that has come, the identity): say why.
  const reviewedToBuy = isEntryContractable(
    entry.status,
    entry.claims.map((claim) => claim.status),
  );
  const timeline: EntryTimeline = entryTimeline(entry);
  const today = japanDate(now);
  const payoutDate = payoutDay(entry, now, calendar);
  const figures = entry.claims.map((claim) => claimFigures(claim, { payoutDate, calendar }));
  const reviewed = figures.filter((figure): figure is ClaimFigures => figure !== null);
  const inTotals = figures.map((figure, index) =>
    countsInTotals(entry.claims[index]!.status) ? figure : null,
  );
  const obligations = entry.claims.map((claim) => returnObligation(claim, today, calendar));
  const outstanding = obligations.filter(
    (obligation) => obligation !== null && obligation.state !== "returned",
  );
  const contracted = entry.contracted_at !== undefined || obligations.some(Boolean);
  return {
    id: entry.id,
    code: entry.code,
    statusLabel: entryStatusLabel(entry),
    tone: entryStatusTone(entry),
    resubmittedNotice: resubmitted ? ResubmissionMessage.resubmitted : null,
    resubmitPath: hasSomethingToResubmit(entry) ? entryPaths.resubmit(entry.id) : null,
    /** §4 "Cancellable only while under_review, inadequate or reviewed." */
    cancellable: isEntryCancellable(entry.status),
    contractPath: reviewedToBuy && !contractRefusal ? entryPaths.contract(entry.id) : null,
    contractRefusal: reviewedToBuy ? contractRefusal : null,
    agreementPath:
      STATUSES_WITH_AGREEMENT.includes(entry.status) && reviewed.length > 0
        ? entryPaths.agreement(entry.id)
        : null,
    payout: contracted
      ? {
          contractedDate: dateOf(entry.contracted_at),
          transferredDate: dateOf(entry.transferred_at),
          /** Where the owner sends what the debtor paid, while a return is still to send. */
          returnAccount:
            outstanding.length > 0
              ? { operatorName: brand.operatorName, lines: returnAccountLines(brand.returnAccount) }
              : null,
          calendarPath: outstanding.length > 0 ? entryPaths.calendar(entry.id) : null,
        }
      : null,
    createdDate: dateOf(entry.created_at),
    desiredAmount: formatYen(entry.purchase_amount_desired),
    purpose: entry.purpose ?? "",
    timeline: {
      exception: timeline.exception,
      steps: timeline.steps.map((step) => ({ ...step, date: dateOf(step.date) })),
    },
    inadequateDocuments: entry.description_of_inadequate_document ?? "",
    documents: [
      documentRow(
        documentGroupName("financial_statements", division === "individual"),
        entry.financial_statement_confirmation_status,
        entry.addfiles,
        "financial_statements",
      ),
      documentRow(
        "入出金明細",
        entry.account_activity_statement_confirmation_status,
        entry.addfiles,
        "withdrawals_detail",
      ),
    ],
    entryFiles: entryFilesView(entry, division),
    /** The sums over the priced claims still being bought; null when there is none. */
    totals: figureTotalsText(inTotals.filter((figure): figure is ClaimFigures => figure !== null)),
    /** The totals' heading, and which claims they hold when not every claim is in them. */
    totalsScope: figureTotalsScope(
      entry.claims.map((claim, index) => ({ status: claim.status, priced: inTotals[index] !== null })),
    ),
    claims: entry.claims.map((claim, index) => {
      const account = claim.receive_payment_account;
      return {
        id: claim.id,
        number: index + 1,
        code: claim.code,
        statusLabel: claimStatusLabel(claim, entry),
        inadequate: claim.status === ClaimStatus.inadequate,
        inadequateReason: claim.inadequate_reason ?? "",
        debtor: claim.obliger_company_name ?? "",
        amount: formatYen(claim.amount),
        paymentDate: claim.obliger_payment_date ? formatJapaneseDate(claim.obliger_payment_date) : "",
        account: receivingAccountText(account),
        holders: (account?.obliger_accounts ?? []).map((holder) => holder.holder_name),
        documents: [
          documentRow("請求書", claim.invoice_confirmation_status, claim.contentfiles, "invoice"),
          documentRow(
            "追加書類",
            claim.additional_doc_confirmation_status,
            claim.contentfiles,
            "additional_doc",
          ),
        ],
        files: claimFileGroups(claim.contentfiles, index + 1),
        figures: figures[index] ? claimFiguresText(figures[index]) : null,
        returnObligation: obligations[index] ? returnView(obligations[index]) : null,
      };
    }),
  };
}

export type EntryDetailView = ReturnType<typeof entryDetailView>;
