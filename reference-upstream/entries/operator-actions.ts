// The operator's side of §4, which has no screens (ARCHITECTURE §11): list users and entries,
// record a review per claim, move entries and claims through contract, transfer, delay, return and
// cancel, confirm or expire identities, stop new entries. `npm run operator -- help` runs these;
// tests call runOperatorCommand directly. Every change runs in one write transaction.

import { SUPPRESSION_METHODS, type SuppressionMethod } from "../../app/domain/enumerations";
import { formatJapaneseDate } from "../../app/domain/japan-date";
import {
  type PurchaseTerms,
  type PurchaseTermsProblem,
  purchaseTermsProblems,
} from "../../app/domain/purchase-terms";
import {
  BEFORE_CONTRACTED_ENTRY_STATUSES,
  ClaimStatus,
  EntryStatus,
  ReviewStatus,
  nameOfStatus,
} from "../../app/domain/statuses";
import { type Db, inTransaction } from "../db/database";
import { dateJst, isValidIsoDate, isoJst } from "../time";
import { type UserRow, findUserById, parseJson } from "../users";
import { readSuppression, writeSuppression } from "./eligibility";
import { type ClaimRow, type EntryRow, claimsOfEntry, findClaim, findEntry } from "./rows";
import { type UpstreamConfig, configFromEnvironment } from "../config";
import { sendIdentityConfirmedMail } from "../accounts/identity-mails";
import { claimsOfChange, mailKindFor, sendEntryMail, snapshotEntry } from "./entry-mails";
import { serializeEntry } from "./serialize";
import { DOCUMENT_REASON_KEY, contractTermRefusal, deriveEntryStatus, markContracted } from "./transitions";

/** A command line that cannot be run as written: the CLI exits with 2. */
export class OperatorUsageError extends Error {}
/** A well-formed command the data refuses (unknown id, wrong state): the CLI exits with 1. */
export class OperatorStateError extends Error {}

export const OPERATOR_HELP = `Sakidori operator command (運営者コマンド)
Usage: npm run operator -- <command> [arguments]   (database in $DATA_DIR, default ./data)
Exit 0 done; 1 refused by the data (unknown id, wrong state, figures that cannot be true); 2 a usage error.
A change the entry's owner should hear of (inadequate, reviewed, contracted, transferred, a delay,
a return received) mails them a link to the entry's detail page; confirm-identity mails the user too
(into the outbox: npm run outbox; links on the running upstream's APP_BASE_URL, or this shell's).
Amounts are whole yen (989406, no commas); ratios decimals (0.05 = 5%); dates YYYY-MM-DD, Japan time.

  help                                   this text / このヘルプ
  users                                  list users: id, email, division, identity status, valid date
    npm run operator -- users
  entries [--user ID]                    list entries, newest first, with their claims' ids and statuses
    --user ID                            only the entries of this user (the id users lists)
    npm run operator -- entries --user 3
  show-entry ENTRY_ID                    an entry with its claims, as the API answers it (JSON)
    npm run operator -- show-entry 7

  review-claim CLAIM_ID can_buy --purchase-amount N --fee N --fee-ratio R --ratio R --bank-charge N [--principal N]
                                         the claim can be bought (買取可), at these figures:
    --purchase-amount N                  買取額: what the operator pays for the claim, before the fee and the charge
    --fee N                              手数料: the operator's fee, kept from the payout
    --fee-ratio R                        手数料率: the fee as a share of 買取額 (0.05 = 5%)
    --ratio R                            掛目: 買取額 as a share of 返金額 (0.9 = 90%)
    --bank-charge N                      振込手数料: the charge for the payout's bank transfer, kept from it
    --principal N                        返金額: what the owner pays back by 返金期日; default the claim's
                                         売掛先からの銀行振込金額 (scheduled_deposit_amount_from_obliger)
                                         The owner receives お受け取り額 = 買取額 − 手数料 − 振込手数料.
                                         Refused (exit 1), nothing recorded: 返金額 or 買取額 above
                                         売掛先からの銀行振込金額; 買取額 above 返金額; 手数料 + 振込手数料
                                         at or above 買取額 (nothing left to receive); 買取額 other than
                                         返金額 × 掛目, or 手数料 other than 買取額 × 手数料率 (to the yen,
                                         rounded up or down).
    npm run operator -- review-claim 12 can_buy --purchase-amount 989406 --fee 49470 --fee-ratio 0.05 --ratio 0.9 --bank-charge 660
                                         (a claim whose debtor transfers 1,099,340円: 1,099,340 × 0.9 = 989,406;
                                         989,406 × 0.05 = 49,470; the owner receives 939,276円 and returns 1,099,340円)
  review-claim CLAIM_ID cannot_buy       the claim cannot be bought (the owner reads お見送り)
    npm run operator -- review-claim 12 cannot_buy
  review-claim CLAIM_ID inadequate --reason TEXT [--document invoice|additional_doc]
                                         a document of the claim is inadequate (不備あり)
    --reason TEXT                        不備の理由, shown to the owner on the detail page and in the mail
    --document WHICH                     invoice (請求書, the default) or additional_doc (追加書類)
    npm run operator -- review-claim 12 inadequate --reason "請求書の日付が読めません" --document invoice
                                         After each review the entry's status follows: any inadequate →
                                         inadequate (2); all reviewed → reviewed (3), or archived (6) when
                                         none can be bought; reviewed or archived confirms its 決算書類 and
                                         入出金明細 (確認済み).
  inadequate-entry ENTRY_ID --reason TEXT [--document financial_statements|withdrawals_detail|both]
                                         the entry's financial / withdrawal documents are inadequate
    --reason TEXT                        不備の理由, shown to the owner on the detail page and in the mail
    --document WHICH                     financial_statements (決算書類), withdrawals_detail (入出金明細)
                                         or both (the default)
    npm run operator -- inadequate-entry 7 --reason "直近2期分の決算書をご提出ください" --document financial_statements

  mark-contracted ENTRY_ID               reviewed entry → contracted (契約済み); can_buy claims → contracted,
                                         each due back by its 返金期日 (return_date)
    npm run operator -- mark-contracted 7
  mark-transferred ENTRY_ID              contracted entry → transferred: the payout was made today
                                         (買取代金お振込済み); contracted claims → transferred
    npm run operator -- mark-transferred 7
  mark-delay CLAIM_ID                    transferred claim → delay (ご返金遅延): only after its 返金期日
                                         (return_date) has passed, from the next day in Japan; before it,
                                         refused with the deadline and the days left. Mails the owner
                                         【重要】ご返金が確認できていません
    npm run operator -- mark-delay 12
  mark-returned CLAIM_ID [--date YYYY-MM-DD]
                                         transferred or delayed claim → returned (ご返金確認済み); the entry
                                         completes when no claim is still out. 返金期日 never changes.
    --date YYYY-MM-DD                    the day the return came in (ご返金確認日, returned_at); default
                                         today. Refused when in the future or before the payout
                                         (the entry's transferred_at)
    npm run operator -- mark-returned 12 --date 2027-01-26
  cancel-claim CLAIM_ID                  a claim not yet transferred → cancel (not bought: the owner reads お見送り)
    npm run operator -- cancel-claim 12

  confirm-identity USER_ID [--valid-until YYYY-MM-DD]
                                         identity confirmed (本人確認済み, 3)
    --valid-until YYYY-MM-DD             the last day the identity documents are valid; default one year
                                         from today
    npm run operator -- confirm-identity 3 --valid-until 2027-11-30
  expire-identity USER_ID                identity expired (期限切れ, 5), valid date yesterday
    npm run operator -- expire-identity 3
  inadequate-identity USER_ID            identity inadequate (不備あり, 2)
    npm run operator -- inadequate-identity 3
  set-suppression none|stop-new-entry [--message TEXT] [--segment S]
                                         stop (or allow again: none) new entries, for one user segment or all
    --message TEXT                       what the owners read instead (default
                                         現在、新規のお申し込みを停止しています。)
    --segment S                          only users whose user_segment is S (default: every user)
    npm run operator -- set-suppression stop-new-entry --message "メンテナンスのため受付を停止しています"
  set-entry-permission USER_ID true|false
                                         has_entry_permission_when_delayed: may apply again while a return is late
    npm run operator -- set-entry-permission 3 true
  expire-sessions USER_ID                the user's logins end now, as after 14 days (they log in again)
    npm run operator -- expire-sessions 3
`;

/** The command names help lists (the CLI refuses anything else before it opens the database). */
export const OPERATOR_COMMANDS = [
  "help",
  "users",
  "entries",
  "show-entry",
  "review-claim",
  "inadequate-entry",
  "mark-contracted",
  "mark-transferred",
  "mark-delay",
  "mark-returned",
  "cancel-claim",
  "confirm-identity",
  "expire-identity",
  "inadequate-identity",
  "set-suppression",
  "set-entry-permission",
  "expire-sessions",
] as const;
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];

/** The options each command's parser accepts (help explains every one; a test holds it to that). */
export const OPERATOR_OPTIONS: Readonly<Record<OperatorCommand, readonly string[]>> = {
  help: [],
  users: [],
  entries: ["user"],
  "show-entry": [],
  "review-claim": [
    "purchase-amount",
    "fee",
    "fee-ratio",
    "ratio",
    "bank-charge",
    "principal",
    "reason",
    "document",
  ],
  "inadequate-entry": ["reason", "document"],
  "mark-contracted": [],
  "mark-transferred": [],
  "mark-delay": [],
  "mark-returned": ["date"],
  "cancel-claim": [],
  "confirm-identity": ["valid-until"],
  "expire-identity": [],
  "inadequate-identity": [],
  "set-suppression": ["message", "segment"],
  "set-entry-permission": [],
  "expire-sessions": [],
};

// ---- argument parsing ----

interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

function parseArgs(args: readonly string[], allowed: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!allowed.includes(name)) {
      throw new OperatorUsageError(
        allowed.length
          ? `unknown option --${name} (使えるオプション: ${allowed.map((option) => `--${option}`).join(", ")})`
          : `unknown option --${name} (このコマンドにオプションはありません)`,
      );
    }
    const value = inline ?? args[index + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new OperatorUsageError(`--${name} needs a value (値がありません)`);
    }
    if (inline === undefined) index += 1;
    options.set(name, value);
  }
  return { positionals, options };
}

function expectPositionals(parsed: ParsedArgs, names: readonly string[]): string[] {
  if (parsed.positionals.length !== names.length) {
    throw new OperatorUsageError(
      `expected ${names.length ? names.join(" ") : "no arguments"}, got ${parsed.positionals.length ? parsed.positionals.join(" ") : "nothing"} (引数の数が違います)`,
    );
  }
  return parsed.positionals;
}

function idArgument(value: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) {
    throw new OperatorUsageError(
      `${what} must be a positive integer, got "${value}" (${what} は正の整数で指定してください)`,
    );
  }
  return Number(value);
}

function yenOption(parsed: ParsedArgs, name: string, required: boolean): number | null {
  const value = parsed.options.get(name);
  if (value === undefined) {
    if (required) throw new OperatorUsageError(`--${name} is required (--${name} を指定してください)`);
    return null;
  }
  if (!/^[0-9]{1,13}$/.test(value)) {
    throw new OperatorUsageError(
      `--${name} must be a whole number of yen, got "${value}" (円の整数で指定してください)`,
    );
  }
  return Number(value);
}

function ratioOption(parsed: ParsedArgs, name: string): string {
  const value = parsed.options.get(name);
  if (value === undefined)
    throw new OperatorUsageError(`--${name} is required (--${name} を指定してください)`);
  if (!/^[0-9]{1,3}(\.[0-9]{1,6})?$/.test(value)) {
    throw new OperatorUsageError(
      `--${name} must be a decimal such as 0.9, got "${value}" (小数で指定してください)`,
    );
  }
  return value;
}

function dateOption(parsed: ParsedArgs, name: string): string | null {
  const value = parsed.options.get(name);
  if (value === undefined) return null;
  if (!isValidIsoDate(value)) {
    throw new OperatorUsageError(
      `--${name} must be a date YYYY-MM-DD, got "${value}" (日付は YYYY-MM-DD で指定してください)`,
    );
  }
  return value;
}

function textOption(parsed: ParsedArgs, name: string): string {
  const value = parsed.options.get(name)?.trim();
  if (!value) throw new OperatorUsageError(`--${name} TEXT is required (--${name} に理由を書いてください)`);
  return value;
}

// ---- lookups ----

function requireUser(db: Db, id: number): UserRow {
  const user = findUserById(db, id);
  if (!user) throw new OperatorStateError(`no user ${id} (ユーザー ${id} はありません)`);
  return user;
}

function requireEntry(db: Db, id: number): EntryRow {
  const entry = findEntry(db, id);
  if (!entry) throw new OperatorStateError(`no entry ${id} (申し込み ${id} はありません)`);
  return entry;
}

function requireClaim(db: Db, id: number): ClaimRow {
  const claim = findClaim(db, id);
  if (!claim) throw new OperatorStateError(`no claim ${id} (請求書 ${id} はありません)`);
  return claim;
}

const entryStatusName = (status: number) => `${String(nameOfStatus(EntryStatus, status) ?? "?")} (${status})`;
const claimStatusName = (status: number) => `${String(nameOfStatus(ClaimStatus, status) ?? "?")} (${status})`;
const reviewStatusName = (status: number) =>
  `${String(nameOfStatus(ReviewStatus, status) ?? "?")} (${status})`;

function refuseClaimState(claim: ClaimRow, allowed: readonly number[], action: string): void {
  if (!allowed.includes(claim.status)) {
    throw new OperatorStateError(
      `claim ${claim.id} is ${claimStatusName(claim.status)}; ${action} needs ${allowed.map(claimStatusName).join(" or ")} (この状態では実行できません)`,
    );
  }
}

function refuseEntryState(entry: EntryRow, allowed: readonly number[], action: string): void {
  if (!allowed.includes(entry.status)) {
    throw new OperatorStateError(
      `entry ${entry.id} is ${entryStatusName(entry.status)}; ${action} needs ${allowed.map(entryStatusName).join(" or ")} (この状態では実行できません)`,
    );
  }
}

function table(header: string[], rows: (string | number | null)[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null ? "-" : String(cell))))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => [...row[column]!].length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => cell + " ".repeat(widths[column]! - [...cell].length))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

// ---- the actions ----

export function listUsers(db: Db): string {
  const users = db.prepare("SELECT * FROM users ORDER BY id").all() as UserRow[];
  if (users.length === 0) return "no users (ユーザーはいません)";
  return table(
    ["id", "email", "division", "identity", "valid_date", "segment", "delayed_entry"],
    users.map((user) => [
      user.id,
      user.email,
      user.corporate_division,
      reviewStatusName(user.identity_confirmation),
      user.identity_valid_date,
      user.user_segment,
      user.has_entry_permission_when_delayed === 1 ? "allowed" : "blocked",
    ]),
  );
}

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
        claims.map((claim) => `${claim.id}:${String(nameOfStatus(ClaimStatus, claim.status))}`).join(" "),
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

export function markEntryContracted(db: Db, entryId: number, now: Date): string {
  return inTransaction(db, () => {
    const entry = requireEntry(db, entryId);
    refuseEntryState(entry, [EntryStatus.reviewed], "mark-contracted");
    if (!claimsOfEntry(db, entry.id).some((claim) => claim.status === ClaimStatus.can_buy)) {
      throw new OperatorStateError(`entry ${entry.id} has no can_buy claim (買取可能な請求書がありません)`);
    }
    // The owner's call would be refused the same: never a term the owner cannot keep.
    const owner = findUserById(db, entry.user_id);
    const refusal = owner && contractTermRefusal(entry, claimsOfEntry(db, entry.id), owner, now);
    if (refusal) throw new OperatorStateError(`entry ${entry.id} cannot be contracted: ${refusal}`);
    markContracted(db, entry.id, now);
    return `entry ${entry.id} (${entry.code}) → ${entryStatusName(EntryStatus.contracted)}`;
  });
}

export function markEntryTransferred(db: Db, entryId: number, now: Date): string {
  return inTransaction(db, () => {
    const entry = requireEntry(db, entryId);
    refuseEntryState(entry, [EntryStatus.contracted], "mark-transferred");
    const at = isoJst(now);
    db.prepare("UPDATE entries SET status = ?, transferred_at = ?, updated_at = ? WHERE id = ?").run(
      EntryStatus.transferred,
      at,
      at,
      entry.id,
    );
    db.prepare("UPDATE claims SET status = ?, updated_at = ? WHERE entry_id = ? AND status = ?").run(
      ClaimStatus.transferred,
      at,
      entry.id,
      ClaimStatus.contracted,
    );
    return `entry ${entry.id} (${entry.code}) → ${entryStatusName(EntryStatus.transferred)}`;
  });
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The claim's deadline as stored at contract: return_date (the debtor's payment date before it was set). */
const deadlineOf = (claim: ClaimRow): string | null => claim.return_date ?? claim.obliger_payment_date;

export function markClaimDelay(db: Db, claimId: number, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(claim, [ClaimStatus.transferred], "mark-delay");
    // A return is late only once its whole deadline day (in Japan) has passed: the owner may pay on it.
    const deadline = deadlineOf(claim);
    const today = dateJst(now);
    if (deadline !== null && today <= deadline) {
      const days = daysFromTo(today, deadline);
      throw new OperatorStateError(
        days === 0
          ? `claim ${claim.id} is due today, ${deadline}; mark-delay only after the deadline has passed (本日が返金期日 ${formatJapaneseDate(deadline)} です。期日を過ぎてから実行してください)`
          : `claim ${claim.id} is due ${deadline}, in ${days} days; mark-delay only after the deadline has passed (返金期日 ${formatJapaneseDate(deadline)} まで、あと${days}日です。期日を過ぎてから実行してください)`,
      );
    }
    db.prepare("UPDATE claims SET status = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.delay,
      isoJst(now),
      claim.id,
    );
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.delay)}`;
  });
}

/**
 * A returned claim has been paid back in full. When no claim of the entry is still out (contracted,
 * transferred or delayed), the entry's transaction is complete.
 */
export function markClaimReturned(db: Db, claimId: number, receivedOn: string | null, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(claim, [ClaimStatus.transferred, ClaimStatus.delay], "mark-returned");
    const at = isoJst(now);
    const today = dateJst(now);
    if (receivedOn !== null && receivedOn > today) {
      throw new OperatorStateError(
        `--date ${receivedOn} is in the future (today is ${today}); record a return on the day it came (未来の日付は指定できません)`,
      );
    }
    const paidOut = requireEntry(db, claim.entry_id).transferred_at?.slice(0, 10) ?? null;
    if (receivedOn !== null && paidOut !== null && receivedOn < paidOut) {
      throw new OperatorStateError(
        `--date ${receivedOn} is before the payout on ${paidOut} (買取代金のお振込日 ${formatJapaneseDate(paidOut)} より前の日付は指定できません)`,
      );
    }
    // returned_at is the day the money came; return_date stays the deadline agreed at contract.
    const receivedAt = receivedOn === null || receivedOn === today ? at : `${receivedOn}T00:00:00+09:00`;
    db.prepare("UPDATE claims SET status = ?, returned_at = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.returned,
      receivedAt,
      at,
      claim.id,
    );
    const outstanding = claimsOfEntry(db, claim.entry_id).some((other) =>
      [ClaimStatus.contracted, ClaimStatus.transferred, ClaimStatus.delay].includes(
        other.status as 4 | 5 | 7,
      ),
    );
    let note = "";
    if (!outstanding) {
      db.prepare("UPDATE entries SET transaction_completed_at = ?, updated_at = ? WHERE id = ?").run(
        at,
        at,
        claim.entry_id,
      );
      note = `; entry ${claim.entry_id} transaction completed`;
    }
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.returned)}${note}`;
  });
}

export function cancelClaim(db: Db, claimId: number, now: Date): string {
  return inTransaction(db, () => {
    const claim = requireClaim(db, claimId);
    refuseClaimState(
      claim,
      [ClaimStatus.under_review, ClaimStatus.inadequate, ClaimStatus.can_buy, ClaimStatus.contracted],
      "cancel-claim",
    );
    const at = isoJst(now);
    db.prepare("UPDATE claims SET status = ?, cancelled_at = ?, updated_at = ? WHERE id = ?").run(
      ClaimStatus.cancel,
      at,
      at,
      claim.id,
    );
    const status = deriveEntryStatus(db, claim.entry_id, now);
    return `claim ${claim.id} (${claim.code}) → ${claimStatusName(ClaimStatus.cancel)}; entry ${claim.entry_id} is ${entryStatusName(status)}`;
  });
}

function addYears(date: string, years: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, day));
  // 29 February plus a year is 28 February, not 1 March.
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

function updateIdentity(
  db: Db,
  userId: number,
  status: number,
  validDate: string | null | undefined,
  now: Date,
) {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    const date = validDate === undefined ? user.identity_valid_date : validDate;
    db.prepare(
      "UPDATE users SET identity_confirmation = ?, identity_valid_date = ?, update_time = ? WHERE id = ?",
    ).run(status, date, isoJst(now), user.id);
    return `user ${user.id} (${user.email}) identity → ${reviewStatusName(status)}, valid date ${date ?? "-"}`;
  });
}

/** Identity confirmed (§4 3), valid until the given date or for one year from today (Japan time). */
export function confirmIdentity(db: Db, userId: number, validUntil: string | null, now: Date): string {
  return updateIdentity(db, userId, ReviewStatus.confirmed, validUntil ?? addYears(dateJst(now), 1), now);
}

/** §4 "Identity is expired when its valid date is before the start of today": valid until yesterday. */
export function expireIdentity(db: Db, userId: number, now: Date): string {
  const yesterday = dateJst(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  return updateIdentity(db, userId, ReviewStatus.expired, yesterday, now);
}

export function markIdentityInadequate(db: Db, userId: number, now: Date): string {
  return updateIdentity(db, userId, ReviewStatus.inadequate, undefined, now);
}

export function setSuppression(db: Db, method: SuppressionMethod, message: string, segment: string): string {
  return inTransaction(db, () => {
    writeSuppression(db, { method, message, segment });
    return `supress_entries → ${JSON.stringify(readSuppression(db))}`;
  });
}

export function setEntryPermission(db: Db, userId: number, allowed: boolean, now: Date): string {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    db.prepare("UPDATE users SET has_entry_permission_when_delayed = ?, update_time = ? WHERE id = ?").run(
      allowed ? 1 : 0,
      isoJst(now),
      user.id,
    );
    return `user ${user.id} (${user.email}) has_entry_permission_when_delayed → ${allowed}`;
  });
}

/** The user's sessions reach their end now: the next call with one is anonymous, as after 14 days. */
export function expireSessions(db: Db, userId: number, now: Date): string {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    const { changes } = db
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ? AND expires_at > ?")
      .run(now.toISOString(), user.id, now.toISOString());
    return `user ${user.id} (${user.email}): ${changes} session(s) expired`;
  });
}

// ---- the command line ----

/** Commands that change one entry, and which positional names it: the entry itself or one of its claims. */
const ENTRY_COMMANDS: Readonly<Record<string, "entry" | "claim">> = {
  "review-claim": "claim",
  "inadequate-entry": "entry",
  "mark-contracted": "entry",
  "mark-transferred": "entry",
  "mark-delay": "claim",
  "mark-returned": "claim",
  "cancel-claim": "claim",
};

/** The entry a command changes, when its id names one (a bad id is the command's own error to report). */
function entryTargetOf(db: Db, command: string | undefined, id: string | undefined): number | null {
  const kind = command === undefined ? undefined : ENTRY_COMMANDS[command];
  if (!kind || !id || !/^\d+$/.test(id)) return null;
  if (kind === "entry") return Number(id);
  return findClaim(db, Number(id))?.entry_id ?? null;
}

/**
 * Runs one operator command line (without the program name) and answers what to print. When the
 * command changes an entry or an identity in a way its owner should hear of, the mail goes to the outbox.
 */
export function runOperatorCommand(
  db: Db,
  argv: readonly string[],
  now: Date,
  config: UpstreamConfig = configFromEnvironment(),
): string {
  const [command, id] = argv;
  const target = entryTargetOf(db, command, id);
  const before = target === null ? null : snapshotEntry(db, target);
  const identityUserId = command === "confirm-identity" && id && /^\d+$/.test(id) ? Number(id) : null;
  const identityBefore = identityUserId === null ? null : identityOf(db, identityUserId);
  const printed = runCommand(db, argv, now);
  const after = target === null ? null : snapshotEntry(db, target);
  const kind = before && after ? mailKindFor(before, after) : null;
  if (kind && target !== null && before && after) {
    sendEntryMail(db, config, target, kind, now, claimsOfChange(kind, before, after));
    return `${printed}\nmail: entry_${kind} (npm run outbox)`;
  }
  // The same confirmation run again is no news; a first confirmation or a new valid date is.
  if (identityUserId !== null && identityOf(db, identityUserId) !== identityBefore) {
    sendIdentityConfirmedMail(db, config, identityUserId, now);
    return `${printed}\nmail: identity_confirmed (npm run outbox)`;
  }
  return printed;
}

/** The identity's review status and valid date, to tell a change from a repeat. */
function identityOf(db: Db, userId: number): string | null {
  const user = findUserById(db, userId);
  return user ? `${user.identity_confirmation}:${user.identity_valid_date ?? ""}` : null;
}

function runCommand(db: Db, argv: readonly string[], now: Date): string {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return OPERATOR_HELP;
    case "users":
      expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), []);
      return listUsers(db);
    case "entries": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS.entries);
      expectPositionals(parsed, []);
      const user = parsed.options.get("user");
      return listEntries(db, user === undefined ? null : idArgument(user, "--user"));
    }
    case "show-entry": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["ENTRY_ID"]);
      return JSON.stringify(serializeEntry(db, requireEntry(db, idArgument(id!, "ENTRY_ID"))), null, 2);
    }
    case "review-claim":
      return reviewClaim(db, ...parseReview(rest), now);
    case "inadequate-entry": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["inadequate-entry"]);
      const [id] = expectPositionals(parsed, ["ENTRY_ID"]);
      const document = parsed.options.get("document") ?? "both";
      if (!["financial_statements", "withdrawals_detail", "both"].includes(document)) {
        throw new OperatorUsageError(
          `--document must be financial_statements, withdrawals_detail or both, got "${document}"`,
        );
      }
      return markEntryDocumentsInadequate(
        db,
        idArgument(id!, "ENTRY_ID"),
        textOption(parsed, "reason"),
        document as EntryDocument,
        now,
      );
    }
    case "mark-contracted":
    case "mark-transferred": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["ENTRY_ID"]);
      const entryId = idArgument(id!, "ENTRY_ID");
      return command === "mark-contracted"
        ? markEntryContracted(db, entryId, now)
        : markEntryTransferred(db, entryId, now);
    }
    case "mark-delay":
    case "cancel-claim": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["CLAIM_ID"]);
      const claimId = idArgument(id!, "CLAIM_ID");
      return command === "mark-delay" ? markClaimDelay(db, claimId, now) : cancelClaim(db, claimId, now);
    }
    case "mark-returned": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["mark-returned"]);
      const [id] = expectPositionals(parsed, ["CLAIM_ID"]);
      return markClaimReturned(db, idArgument(id!, "CLAIM_ID"), dateOption(parsed, "date"), now);
    }
    case "confirm-identity": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["confirm-identity"]);
      const [id] = expectPositionals(parsed, ["USER_ID"]);
      return confirmIdentity(db, idArgument(id!, "USER_ID"), dateOption(parsed, "valid-until"), now);
    }
    case "expire-identity":
    case "inadequate-identity": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["USER_ID"]);
      const userId = idArgument(id!, "USER_ID");
      return command === "expire-identity"
        ? expireIdentity(db, userId, now)
        : markIdentityInadequate(db, userId, now);
    }
    case "set-suppression": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["set-suppression"]);
      const [method] = expectPositionals(parsed, ["none|stop-new-entry"]);
      if (!(SUPPRESSION_METHODS as readonly string[]).includes(method!)) {
        throw new OperatorUsageError(`method must be ${SUPPRESSION_METHODS.join(" or ")}, got "${method}"`);
      }
      return setSuppression(
        db,
        method as SuppressionMethod,
        parsed.options.get("message") ?? "",
        parsed.options.get("segment") ?? "",
      );
    }
    case "set-entry-permission": {
      const [id, value] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), [
        "USER_ID",
        "true|false",
      ]);
      if (value !== "true" && value !== "false") {
        throw new OperatorUsageError(`the permission must be true or false, got "${value}"`);
      }
      return setEntryPermission(db, idArgument(id!, "USER_ID"), value === "true", now);
    }
    case "expire-sessions": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["USER_ID"]);
      return expireSessions(db, idArgument(id!, "USER_ID"), now);
    }
    default:
      throw new OperatorUsageError(
        `unknown command "${command}" (不明なコマンドです). Run: npm run operator -- help`,
      );
  }
}

function parseReview(rest: readonly string[]): [number, ClaimReview] {
  const parsed = parseArgs(rest, OPERATOR_OPTIONS["review-claim"]);
  const [id, decision] = expectPositionals(parsed, ["CLAIM_ID", "can_buy|cannot_buy|inadequate"]);
  const claimId = idArgument(id!, "CLAIM_ID");
  const onlyFor = (names: string[], forDecision: string) => {
    for (const name of parsed.options.keys()) {
      if (!names.includes(name)) throw new OperatorUsageError(`--${name} does not apply to ${forDecision}`);
    }
  };
  switch (decision) {
    case "can_buy":
      onlyFor(["purchase-amount", "fee", "fee-ratio", "ratio", "bank-charge", "principal"], decision);
      return [
        claimId,
        {
          decision,
          purchaseAmount: yenOption(parsed, "purchase-amount", true)!,
          fee: yenOption(parsed, "fee", true)!,
          feeRatio: ratioOption(parsed, "fee-ratio"),
          ratio: ratioOption(parsed, "ratio"),
          bankCharge: yenOption(parsed, "bank-charge", true)!,
          principal: yenOption(parsed, "principal", false),
        },
      ];
    case "cannot_buy":
      onlyFor([], decision);
      return [claimId, { decision }];
    case "inadequate": {
      onlyFor(["reason", "document"], decision);
      const document = parsed.options.get("document") ?? "invoice";
      if (document !== "invoice" && document !== "additional_doc") {
        throw new OperatorUsageError(`--document must be invoice or additional_doc, got "${document}"`);
      }
      return [claimId, { decision, reason: textOption(parsed, "reason"), document }];
    }
    default:
      throw new OperatorUsageError(
        `the decision must be can_buy, cannot_buy or inadequate, got "${decision}" (審査結果が不明です)`,
      );
  }
}
