// Review (審査): the entries to review, a review per claim, and the entry's own documents found inadequate.

import {
  type PurchaseTerms,
  type PurchaseTermsProblem,
  purchaseTermsProblems,
} from "../../app/domain/purchase-terms";
import {
  BEFORE_CONTRACTED_ENTRY_STATUSES,
  ClaimStatus,
  ReviewStatus,
  nameOfStatus,
} from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { isoJst } from "../time";
import { parseJson } from "../users";
import { type ClaimRow, type EntryRow, claimsOfEntry } from "../entries/rows";
import { DOCUMENT_REASON_KEY, deriveEntryStatus } from "../entries/transitions";
import { OperatorStateError } from "./errors";
import { claimStatusName, entryStatusName, table } from "./printing";
import { refuseClaimState, refuseEntryState, requireClaim, requireEntry } from "./refusals";

export function listEntries(db: Db, userId: number | null): string {
  const entries = (
    userId === null
      ? db.prepare("SELECT * FROM entries ORDER BY id DESC").all()
      : db.prepare("SELECT * FROM entries WHERE user_id = ? ORDER BY id DESC").all(userId)
  ) as EntryRow[];
  if (entries.length === 0) return "no entries (申し込みはありません)";
  return table(
    ["id", "code", "user", "status", "claims", "desired", "created_at"],
    entries.map((entry) => {
      const claims = claimsOfEntry(db, entry.id);
      return [
        entry.id,
        entry.code,
        entry.user_id,
        entryStatusName(entry.status),
        claims
          .map((claim) => `${claim.code}(${claim.id}):${String(nameOfStatus(ClaimStatus, claim.status))}`)
          .join(" "),
        entry.purchase_amount_desired,
        entry.created_at,
      ];
    }),
  );
}

export type ClaimReview =
  | ({ decision: "can_buy" } & Omit<PurchaseTerms, "scheduledDeposit">)
  | { decision: "cannot_buy" }
  | { decision: "inadequate"; reason: string; document: "invoice" | "additional_doc" };

/** Statuses a claim may be (re)reviewed from: anything before contract that is not cancelled. */
const REVIEWABLE_CLAIM_STATUSES = [
  ClaimStatus.under_review,
  ClaimStatus.inadequate,
  ClaimStatus.can_buy,
  ClaimStatus.cannot_buy,
];

export function reviewClaim(db: Db, claimId: number, review: ClaimReview, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    const entry = requireEntry(db, claim.entry_id);
    refuseEntryState(entry, BEFORE_CONTRACTED_ENTRY_STATUSES, "a review");
    refuseClaimState(claim, REVIEWABLE_CLAIM_STATUSES, "a review");
    const at = isoJst(now);
    const hasAdditionalDoc =
      db
        .prepare(
          "SELECT 1 FROM entry_files JOIN uploads ON uploads.id = entry_files.upload_id WHERE entry_files.claim_id = ? AND uploads.kind LIKE 'additional_doc%'",
        )
        .get(claim.id) !== undefined;
    if (review.decision === "can_buy") {
      refuseUntrueTerms(claim, review);
      // The purchase principal is the part of the invoice the obliger pays by bank transfer, unless given.
      db.prepare(
        `UPDATE claims SET status = ?, purchase_amount = ?, purchase_fee = ?, purchase_fee_ratio = ?,
           purchase_ratio = ?, bank_charge = ?, purchase_principal_amount = ?, inadequate_reason = '',
           invoice_confirmation_status = ?, additional_doc_confirmation_status = ?, updated_at = ? WHERE id = ?`,
      ).run(
        ClaimStatus.can_buy,
        review.purchaseAmount,
        review.fee,
        review.feeRatio,
        review.ratio,
        review.bankCharge,
        review.principal ?? claim.scheduled_deposit_amount_from_obliger,
        ReviewStatus.confirmed,
        hasAdditionalDoc ? ReviewStatus.confirmed : claim.additional_doc_confirmation_status,
        at,
        claim.id,
      );
    } else if (review.decision === "cannot_buy") {
      db.prepare(
        `UPDATE claims SET status = ?, purchase_amount = NULL, purchase_fee = NULL, purchase_fee_ratio = NULL,
           purchase_ratio = NULL, bank_charge = NULL, purchase_principal_amount = NULL, inadequate_reason = '',
           updated_at = ? WHERE id = ?`,
      ).run(ClaimStatus.cannot_buy, at, claim.id);
    } else {
      const column =
        review.document === "invoice" ? "invoice_confirmation_status" : "additional_doc_confirmation_status";
      db.prepare(
        `UPDATE claims SET status = ?, inadequate_reason = ?, ${column} = ?, updated_at = ? WHERE id = ?`,
      ).run(ClaimStatus.inadequate, review.reason, ReviewStatus.inadequate, at, claim.id);
    }
    const status = deriveEntryStatus(db, entry.id, now);
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus[review.decision])}; entry ${entry.id} (${entry.code}) → ${entryStatusName(status)}`;
  });
}

const yen = (amount: number) => amount.toLocaleString("en-US");

function describeProblem(problem: PurchaseTermsProblem): string {
  switch (problem.rule) {
    case "principal_above_deposit":
      return `--principal ${yen(problem.principal)} is above the debtor's scheduled transfer ${yen(problem.scheduledDeposit)} (返金額が売掛先からの銀行振込金額 ${yen(problem.scheduledDeposit)}円 を超えています)`;
    case "purchase_above_deposit":
      return `--purchase-amount ${yen(problem.purchaseAmount)} is above the debtor's scheduled transfer ${yen(problem.scheduledDeposit)} (買取額が売掛先からの銀行振込金額 ${yen(problem.scheduledDeposit)}円 を超えています)`;
    case "purchase_above_principal":
      return `--purchase-amount ${yen(problem.purchaseAmount)} is above the amount to be returned ${yen(problem.principal)} (買取額が返金額 ${yen(problem.principal)}円 を超えています)`;
    case "nothing_received":
      return `--fee ${yen(problem.fee)} plus --bank-charge ${yen(problem.bankCharge)} leave nothing of --purchase-amount ${yen(problem.purchaseAmount)} to the owner (手数料と振込手数料の合計が買取額以上で、お受け取り額がありません)`;
    case "ratio_disagrees":
      return `--purchase-amount ${yen(problem.purchaseAmount)} is not the amount returned ${yen(problem.principal)} × --ratio ${problem.ratio} = ${yen(problem.expected)} (買取額は返金額 × 掛目 です。掛目 ${problem.ratio} なら ${yen(problem.expected)}円)`;
    case "fee_ratio_disagrees":
      return `--fee ${yen(problem.fee)} is not --purchase-amount ${yen(problem.purchaseAmount)} × --fee-ratio ${problem.feeRatio} = ${yen(problem.expected)} (手数料は買取額 × 手数料率 です。手数料率 ${problem.feeRatio} なら ${yen(problem.expected)}円)`;
  }
}

/** Terms the owner could not keep, or figures that disagree with their ratios, are never recorded. */
function refuseUntrueTerms(claim: ClaimRow, review: Extract<ClaimReview, { decision: "can_buy" }>): void {
  const problems = purchaseTermsProblems({
    scheduledDeposit: claim.scheduled_deposit_amount_from_obliger,
    purchaseAmount: review.purchaseAmount,
    fee: review.fee,
    feeRatio: review.feeRatio,
    ratio: review.ratio,
    bankCharge: review.bankCharge,
    principal: review.principal,
  });
  if (problems.length > 0) {
    throw new OperatorStateError(
      `claim ${claim.id}: ${problems.map(describeProblem).join("\n  ")}\n  Run: npm run operator -- help`,
    );
  }
}

export type EntryDocument = "financial_statements" | "withdrawals_detail" | "both";

export function markEntryDocumentsInadequate(
  db: Db,
  entryId: number,
  reason: string,
  document: EntryDocument,
  now: Date,
): string {
  return inTransaction(db, () => {
    const entry = requireEntry(db, entryId);
    refuseEntryState(entry, BEFORE_CONTRACTED_ENTRY_STATUSES, "inadequate-entry");
    const metadata = parseJson<Record<string, unknown>>(entry.metadata, {});
    metadata[DOCUMENT_REASON_KEY] = reason;
    const financial = document !== "withdrawals_detail";
    const withdrawal = document !== "financial_statements";
    db.prepare(
      `UPDATE entries SET metadata = ?, financial_statement_confirmation_status = ?,
         account_activity_statement_confirmation_status = ?, updated_at = ? WHERE id = ?`,
    ).run(
      JSON.stringify(metadata),
      financial ? ReviewStatus.inadequate : entry.financial_statement_confirmation_status,
      withdrawal ? ReviewStatus.inadequate : entry.account_activity_statement_confirmation_status,
      isoJst(now),
      entry.id,
    );
    const status = deriveEntryStatus(db, entry.id, now);
    return `entry ${entry.id} (${entry.code}) documents inadequate (${document}) → ${entryStatusName(status)}`;
  });
}
