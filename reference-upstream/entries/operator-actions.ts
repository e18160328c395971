// The operator's side of §4, which has no screens (ARCHITECTURE §11): list users and entries,
// record a review per claim, move entries and claims through contract, transfer, delay, return and
// cancel, confirm or expire identities, stop new entries. `npm run operator -- help` runs these;
// tests call runOperatorCommand directly. Every change runs in one write transaction.

import { SUPPRESSION_METHODS, type SuppressionMethod } from "../../app/domain/enumerations";
import { formatJapaneseDate } from "../../app/domain/japan-date";
import { percentRangeText, ratiosOutsidePricing } from "../../app/domain/published-terms";
import { ratioPercent } from "../../app/domain/purchase-figures";
import {
  type PurchaseTerms,
  type PurchaseTermsProblem,
  purchaseAtRatios,
  purchaseTermsProblems,
  yenAtRatio,
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
import { brandOf } from "../accounts/brand-links";
import { sendIdentityConfirmedMail } from "../accounts/identity-mails";
import { claimPlaceOfCode, entryIdOfCode } from "./create-entry";
import { claimsOfChange, mailKindFor, sendEntryMail, snapshotEntry } from "./entry-mails";
import { serializeEntry } from "./serialize";
import { DOCUMENT_REASON_KEY, contractTermRefusal, deriveEntryStatus, markContracted } from "./transitions";

/** A command line that cannot be run as written: the CLI exits with 2. */
export class OperatorUsageError extends Error {}
/** A well-formed command the data refuses (unknown id, wrong state): the CLI exits with 1. */
export class OperatorStateError extends Error {}

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
    "offer",
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

/** The named offers `review-claim … can_buy --offer NAME` takes; the 買取額 and 手数料 follow from the claim. */
export const REVIEW_OFFERS = {
  standard: { ratio: "0.9", feeRatio: "0.05", bankCharge: 660 },
} as const satisfies Record<string, { ratio: string; feeRatio: string; bankCharge: number }>;
export type ReviewOfferName = keyof typeof REVIEW_OFFERS;

const offerLine = (name: string, offer: { ratio: string; feeRatio: string; bankCharge: number }) =>
  `${name} (掛目 ${ratioPercent(offer.ratio)}, 手数料 ${ratioPercent(offer.feeRatio)}, 振込手数料 ${offer.bankCharge}円)`;
const KNOWN_OFFERS = Object.entries(REVIEW_OFFERS)
  .map(([name, offer]) => offerLine(name, offer))
  .join(", ");

/** What an operator does, in the order an entry meets it; help lists every command under one. */
export const OPERATOR_GROUPS = [
  {
    name: "review",
    title: "Review (審査)",
    commands: ["entries", "show-entry", "review-claim", "inadequate-entry"],
  },
  { name: "contract", title: "Contract (契約)", commands: ["mark-contracted", "cancel-claim"] },
  { name: "payout", title: "Payout (買取代金のお振込)", commands: ["mark-transferred"] },
  {
    name: "returns",
    title: "Returns (ご返金)",
    commands: ["mark-delay", "mark-returned", "set-entry-permission"],
  },
  {
    name: "identity",
    title: "Identity and logins (本人確認・ログイン)",
    commands: ["users", "confirm-identity", "expire-identity", "inadequate-identity", "expire-sessions"],
  },
  { name: "suppression", title: "Suppression (新規お申し込みの停止)", commands: ["set-suppression"] },
] as const satisfies readonly { name: string; title: string; commands: readonly OperatorCommand[] }[];

interface CommandHelp {
  /** The command and its arguments, as help's overview lists it. */
  usage: string;
  /** One line: what it does. */
  purpose: string;
  /** A line to copy and run. */
  example: string;
  /** help <command>: every option, rule and example, indented four spaces. */
  details: string;
}

const COMMAND_HELP: Readonly<Record<Exclude<OperatorCommand, "help">, CommandHelp>> = {
  entries: {
    usage: "entries [--user ID]",
    purpose: "list entries, newest first: codes, ids, their claims' codes and statuses",
    example: "npm run operator -- entries",
    details: `    --user ID                            only the entries of this user (the id users lists)
    npm run operator -- entries --user 1`,
  },
  "show-entry": {
    usage: "show-entry ENTRY",
    purpose: "an entry with its claims, as the API answers it (JSON)",
    example: "npm run operator -- show-entry E000001",
    details: `    npm run operator -- show-entry 1     (the same entry by its id)`,
  },
  "review-claim": {
    usage: "review-claim CLAIM can_buy|cannot_buy|inadequate …",
    purpose: "record a claim's review: bought (at an offer), declined, or inadequate",
    example: "npm run operator -- review-claim E000004-1 can_buy --offer standard",
    details: `  review-claim CLAIM can_buy --offer NAME | --purchase-amount N --fee N --fee-ratio R --ratio R --bank-charge N [--principal N]
                                         the claim can be bought (買取可), at a named offer or at these figures:
    --offer NAME                         a named offer: its 掛目, 手数料率 and 振込手数料, the 買取額 and 手数料
                                         computed from 返金額 (to the nearest yen); a figure given beside it
                                         overrides it. Known: ${KNOWN_OFFERS}.
                                         Refused (exit 1) when its 掛目 or 手数料率 is outside the ranges the
                                         entry's brand publishes (its 特定商取引法 notice)
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
    npm run operator -- review-claim E000004-1 can_buy --offer standard
    npm run operator -- review-claim E000004-1 can_buy --purchase-amount 900000 --fee 45000 --fee-ratio 0.05 --ratio 0.9 --bank-charge 660
                                         (the same for the demo's claim under review, whose debtor transfers
                                         1,000,000円: 1,000,000 × 0.9 = 900,000; 900,000 × 0.05 = 45,000; the
                                         owner receives 854,340円 and returns 1,000,000円. For 1,099,340円:
                                         989,406 and 49,470, from 49,470.3)
  review-claim CLAIM cannot_buy          the claim cannot be bought (the owner reads お見送り)
    npm run operator -- review-claim E000004-1 cannot_buy
  review-claim CLAIM inadequate --reason TEXT [--document invoice|additional_doc]
                                         a document of the claim is inadequate (不備あり)
    --reason TEXT                        不備の理由, shown to the owner on the detail page and in the mail
    --document WHICH                     invoice (請求書, the default) or additional_doc (追加書類)
    npm run operator -- review-claim E000004-1 inadequate --reason "請求書の日付が読めません" --document invoice
                                         After each review the entry's status follows: any inadequate →
                                         inadequate (2); all reviewed → reviewed (3), or archived (6) when
                                         none can be bought; reviewed or archived confirms its 決算書類 and
                                         入出金明細 (確認済み).`,
  },
  "inadequate-entry": {
    usage: "inadequate-entry ENTRY --reason TEXT [--document financial_statements|withdrawals_detail|both]",
    purpose: "the entry's financial or withdrawal documents are inadequate (不備あり)",
    example: 'npm run operator -- inadequate-entry E000004 --reason "直近2期分の決算書をご提出ください"',
    details: `    --reason TEXT                        不備の理由, shown to the owner on the detail page and in the mail
    --document WHICH                     financial_statements (決算書類), withdrawals_detail (入出金明細)
                                         or both (the default)
    npm run operator -- inadequate-entry E000004 --reason "直近2期分の決算書をご提出ください" --document financial_statements`,
  },
  "mark-contracted": {
    usage: "mark-contracted ENTRY",
    purpose: "reviewed entry → contracted (契約済み), as the owner's own contract does",
    example: "npm run operator -- mark-contracted E000006",
    details: `                                         can_buy claims → contracted, each due back by its 返金期日
                                         (return_date). Refused (exit 1) as the owner's contract would be: a
                                         deadline today or past, an identity not confirmed and valid.
    npm run operator -- mark-contracted E000006`,
  },
  "cancel-claim": {
    usage: "cancel-claim CLAIM",
    purpose: "a claim not yet transferred → cancel (not bought: the owner reads お見送り)",
    example: "npm run operator -- cancel-claim E000006-1",
    details: `                                         The entry follows its remaining claims.
    npm run operator -- cancel-claim E000006-1`,
  },
  "mark-transferred": {
    usage: "mark-transferred ENTRY",
    purpose: "contracted entry → transferred: the payout was made today (買取代金お振込済み)",
    example: "npm run operator -- mark-transferred E000006",
    details: `                                         contracted claims → transferred
    npm run operator -- mark-transferred E000006`,
  },
  "mark-delay": {
    usage: "mark-delay CLAIM",
    purpose: "transferred claim → delay (ご返金遅延), once its 返金期日 has passed",
    example: "npm run operator -- mark-delay E000001-1",
    details: `                                         Only after its 返金期日 (return_date) has passed, from the next day
                                         in Japan; before it, refused with the deadline and the days left.
                                         Mails the owner 【重要】ご返金が確認できていません
    npm run operator -- mark-delay E000001-1`,
  },
  "mark-returned": {
    usage: "mark-returned CLAIM [--date YYYY-MM-DD]",
    purpose: "transferred or delayed claim → returned (ご返金確認済み)",
    example: "npm run operator -- mark-returned E000002-1",
    details: `                                         The entry completes when no claim is still out.
                                         返金期日 never changes.
    --date YYYY-MM-DD                    the day the return came in (ご返金確認日, returned_at); default
                                         today. Refused when in the future or before the payout
                                         (the entry's transferred_at)
    npm run operator -- mark-returned E000002-1 --date 2027-01-26`,
  },
  "set-entry-permission": {
    usage: "set-entry-permission USER_ID true|false",
    purpose: "may the user apply again while a return is late (has_entry_permission_when_delayed)",
    example: "npm run operator -- set-entry-permission 3 true",
    details: `    npm run operator -- set-entry-permission 3 false`,
  },
  users: {
    usage: "users",
    purpose: "list users: id, email, division, identity status, valid date, segment",
    example: "npm run operator -- users",
    details: `    npm run operator -- users`,
  },
  "confirm-identity": {
    usage: "confirm-identity USER_ID [--valid-until YYYY-MM-DD]",
    purpose: "identity confirmed (本人確認済み, 3); mails the user",
    example: "npm run operator -- confirm-identity 1",
    details: `    --valid-until YYYY-MM-DD             the last day the identity documents are valid; default one year
                                         from today
    npm run operator -- confirm-identity 1 --valid-until 2027-11-30`,
  },
  "expire-identity": {
    usage: "expire-identity USER_ID",
    purpose: "identity expired (期限切れ, 5), valid date yesterday",
    example: "npm run operator -- expire-identity 1",
    details: `    npm run operator -- expire-identity 1`,
  },
  "inadequate-identity": {
    usage: "inadequate-identity USER_ID",
    purpose: "identity inadequate (不備あり, 2)",
    example: "npm run operator -- inadequate-identity 1",
    details: `    npm run operator -- inadequate-identity 1`,
  },
  "expire-sessions": {
    usage: "expire-sessions USER_ID",
    purpose: "the user's logins end now, as after 14 days (they log in again)",
    example: "npm run operator -- expire-sessions 1",
    details: `    npm run operator -- expire-sessions 1`,
  },
  "set-suppression": {
    usage: "set-suppression none|stop-new-entry [--message TEXT] [--segment S]",
    purpose: "stop (or allow again: none) new entries, for one user segment or all",
    example: "npm run operator -- set-suppression none",
    details: `    --message TEXT                       what the owners read instead (default
                                         現在、新規のお申し込みを停止しています。)
    --segment S                          only users whose user_segment is S (default: every user)
    npm run operator -- set-suppression stop-new-entry --message "メンテナンスのため受付を停止しています"`,
  },
};

const HELP_COLUMN = 41;

/** A usage with its purpose beside it, or on the next line when the usage is too long. */
function usageLine(usage: string, purpose: string): string {
  return usage.length + 4 <= HELP_COLUMN
    ? `  ${usage.padEnd(HELP_COLUMN - 2)}${purpose}`
    : `  ${usage}\n${" ".repeat(HELP_COLUMN)}${purpose}`;
}

export const OPERATOR_HELP = `Sakidori operator command (運営者コマンド)
Usage: npm run operator -- <command> [arguments]
       npm run operator -- help <command>   (one command's options, rules and examples)
Database in $DATA_DIR (default ./data). Exit 0 done; 1 refused by the data (unknown id or code, wrong
state, figures that cannot be true); 2 a usage error.
ENTRY is the code the owner reads (E000012) or the entry's id (12); CLAIM a claim's code (E000012-1, the
entry's first invoice) or its id; entries lists both. USER_ID is the id users lists.
Amounts are whole yen (989406, no commas); ratios decimals (0.05 = 5%); dates YYYY-MM-DD, Japan time.
A change the owner should hear of mails them a link to the entry (into the outbox: npm run outbox).
${OPERATOR_GROUPS.map(
  (group) =>
    `\n${group.title}\n${group.commands
      .map((command) => {
        const help = COMMAND_HELP[command];
        return `${usageLine(help.usage, help.purpose)}\n    ${help.example}`;
      })
      .join("\n")}`,
).join("\n")}
`;

/** `help` alone, or one command's usage, purpose and everything about it; a usage error for no command. */
export function operatorHelp(command?: string): string {
  if (command === undefined || command === "help") return OPERATOR_HELP;
  const help = (COMMAND_HELP as Readonly<Record<string, CommandHelp | undefined>>)[command];
  if (!help) {
    throw new OperatorUsageError(
      `no command "${command}" (不明なコマンドです); commands: ${Object.keys(COMMAND_HELP).join(", ")}`,
    );
  }
  const group = OPERATOR_GROUPS.find((candidate) =>
    (candidate.commands as readonly string[]).includes(command),
  )!;
  const example = help.details.includes(help.example) ? "" : `    ${help.example}\n`;
  return `${group.title}\n${usageLine(help.usage, help.purpose)}\n${example}${help.details}\n`;
}

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

/** ENTRY as typed: the code the owner reads (E000012) or the id. A code naming no entry is refused. */
function entryArgument(db: Db, value: string): number {
  if (/^\d+$/.test(value)) return idArgument(value, "ENTRY");
  const code = value.toUpperCase();
  const id = entryIdOfCode(code);
  if (id === null) {
    throw new OperatorUsageError(
      claimPlaceOfCode(code)
        ? `${value} is a claim's code; this command takes an entry: its code such as ${code.split("-")[0]} or its id (申込番号で指定してください)`
        : `ENTRY must be an entry's code such as E000012 or its id, got "${value}" (申込番号または ID で指定してください)`,
    );
  }
  if (!findEntry(db, id)) throw new OperatorStateError(`no entry ${code} (申し込み ${code} はありません)`);
  return id;
}

/** CLAIM as typed: its code (E000012-1, the entry's first invoice) or its id. A code naming none is refused. */
function claimArgument(db: Db, value: string): number {
  if (/^\d+$/.test(value)) return idArgument(value, "CLAIM");
  const code = value.toUpperCase();
  const place = claimPlaceOfCode(code);
  if (place === null) {
    throw new OperatorUsageError(
      entryIdOfCode(code) !== null
        ? `${value} is an entry's code; this command takes a claim: its code such as ${code}-1 or its id (請求書の番号で指定してください)`
        : `CLAIM must be a claim's code such as E000012-1 or its id, got "${value}" (請求書の番号または ID で指定してください)`,
    );
  }
  const claim = claimsOfEntry(db, place.entryId).find((candidate) => candidate.position === place.position);
  if (!claim) throw new OperatorStateError(`no claim ${code} (請求書 ${code} はありません)`);
  return claim.id;
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

function ratioOption(parsed: ParsedArgs, name: string, required = true): string | null {
  const value = parsed.options.get(name);
  if (value === undefined) {
    if (required) throw new OperatorUsageError(`--${name} is required (--${name} を指定してください)`);
    return null;
  }
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

/** Figures given beside an offer, each overriding the offer's or what follows from it. */
export type OfferOverrides = Partial<Omit<PurchaseTerms, "scheduledDeposit">>;

/**
 * A can_buy review at a named offer: its 掛目, 手数料率 and 振込手数料 unless given, the 買取額 from 返金額
 * and the 手数料 from the 買取額 (app/domain/purchase-terms.ts). Refused when a ratio falls outside
 * what the entry's brand publishes (its 特定商取引法 notice); reviewClaim checks the rest.
 */
export function claimReviewAtOffer(
  db: Db,
  claimId: number,
  offerName: ReviewOfferName,
  given: OfferOverrides = {},
  config: UpstreamConfig = configFromEnvironment(),
): Extract<ClaimReview, { decision: "can_buy" }> {
  const offer = REVIEW_OFFERS[offerName];
  const claim = requireClaim(db, claimId);
  const ratio = given.ratio ?? offer.ratio;
  const feeRatio = given.feeRatio ?? offer.feeRatio;
  const principal = given.principal ?? null;
  const owner = findUserById(db, requireEntry(db, claim.entry_id).user_id);
  const brand = brandOf(config, owner?.service_id ?? "");
  const outside = ratiosOutsidePricing(brand.pricing, { ratio, feeRatio });
  if (outside.length > 0) {
    const words = outside.map((range) =>
      range === "purchaseRatioPercent"
        ? `掛目 ${ratio} (${ratioPercent(ratio)}) is outside ${percentRangeText(brand.pricing.purchaseRatioPercent)}`
        : `手数料率 ${feeRatio} (${ratioPercent(feeRatio)}) is outside ${percentRangeText(brand.pricing.feePercent)}`,
    );
    throw new OperatorStateError(
      `claim ${claim.code}: ${words.join("; ")}, what ${brand.serviceName} publishes (公表している範囲の外です)`,
    );
  }
  const computed = purchaseAtRatios(principal ?? claim.scheduled_deposit_amount_from_obliger, {
    ratio,
    feeRatio,
  });
  const purchaseAmount = given.purchaseAmount ?? computed?.purchaseAmount ?? null;
  // A 買取額 given outright carries its own fee at the ratio.
  const fee =
    given.fee ??
    (given.purchaseAmount === undefined ? computed?.fee : yenAtRatio(given.purchaseAmount, feeRatio)) ??
    null;
  if (purchaseAmount === null || fee === null) {
    throw new OperatorUsageError(
      `--ratio and --fee-ratio must be decimals such as 0.9 (小数で指定してください)`,
    );
  }
  return {
    decision: "can_buy",
    purchaseAmount,
    fee,
    feeRatio,
    ratio,
    bankCharge: given.bankCharge ?? offer.bankCharge,
    principal,
  };
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
  if (!kind || !id) return null;
  try {
    return kind === "entry"
      ? entryArgument(db, id)
      : (findClaim(db, claimArgument(db, id))?.entry_id ?? null);
  } catch (error) {
    if (error instanceof OperatorUsageError || error instanceof OperatorStateError) return null;
    throw error;
  }
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
  const printed = runCommand(db, argv, now, config);
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

function runCommand(db: Db, argv: readonly string[], now: Date, config: UpstreamConfig): string {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return operatorHelp(expectPositionals(parseArgs(rest, []), rest.length ? ["COMMAND"] : [])[0]);
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
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["ENTRY"]);
      return JSON.stringify(serializeEntry(db, requireEntry(db, entryArgument(db, id!))), null, 2);
    }
    case "review-claim":
      return reviewClaim(db, ...parseReview(db, rest, config), now);
    case "inadequate-entry": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["inadequate-entry"]);
      const [id] = expectPositionals(parsed, ["ENTRY"]);
      const document = parsed.options.get("document") ?? "both";
      if (!["financial_statements", "withdrawals_detail", "both"].includes(document)) {
        throw new OperatorUsageError(
          `--document must be financial_statements, withdrawals_detail or both, got "${document}"`,
        );
      }
      return markEntryDocumentsInadequate(
        db,
        entryArgument(db, id!),
        textOption(parsed, "reason"),
        document as EntryDocument,
        now,
      );
    }
    case "mark-contracted":
    case "mark-transferred": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["ENTRY"]);
      const entryId = entryArgument(db, id!);
      return command === "mark-contracted"
        ? markEntryContracted(db, entryId, now)
        : markEntryTransferred(db, entryId, now);
    }
    case "mark-delay":
    case "cancel-claim": {
      const [id] = expectPositionals(parseArgs(rest, OPERATOR_OPTIONS[command]), ["CLAIM"]);
      const claimId = claimArgument(db, id!);
      return command === "mark-delay" ? markClaimDelay(db, claimId, now) : cancelClaim(db, claimId, now);
    }
    case "mark-returned": {
      const parsed = parseArgs(rest, OPERATOR_OPTIONS["mark-returned"]);
      const [id] = expectPositionals(parsed, ["CLAIM"]);
      return markClaimReturned(db, claimArgument(db, id!), dateOption(parsed, "date"), now);
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

function parseReview(db: Db, rest: readonly string[], config: UpstreamConfig): [number, ClaimReview] {
  const parsed = parseArgs(rest, OPERATOR_OPTIONS["review-claim"]);
  const [id, decision] = expectPositionals(parsed, ["CLAIM", "can_buy|cannot_buy|inadequate"]);
  const onlyFor = (names: string[], forDecision: string) => {
    for (const name of parsed.options.keys()) {
      if (!names.includes(name)) throw new OperatorUsageError(`--${name} does not apply to ${forDecision}`);
    }
  };
  switch (decision) {
    case "can_buy": {
      onlyFor(
        ["offer", "purchase-amount", "fee", "fee-ratio", "ratio", "bank-charge", "principal"],
        decision,
      );
      const offer = parsed.options.get("offer");
      if (offer !== undefined && !Object.hasOwn(REVIEW_OFFERS, offer)) {
        throw new OperatorUsageError(
          `unknown offer "${offer}" (そのオファーはありません); known offers: ${KNOWN_OFFERS}`,
        );
      }
      // With an offer every figure is optional: what is not given follows from the offer.
      const required = offer === undefined;
      const given = {
        purchaseAmount: yenOption(parsed, "purchase-amount", required),
        fee: yenOption(parsed, "fee", required),
        feeRatio: ratioOption(parsed, "fee-ratio", required),
        ratio: ratioOption(parsed, "ratio", required),
        bankCharge: yenOption(parsed, "bank-charge", required),
        principal: yenOption(parsed, "principal", false),
      };
      const claimId = claimArgument(db, id!);
      if (offer !== undefined) {
        const overrides = Object.fromEntries(
          Object.entries(given).filter(([, value]) => value !== null),
        ) as OfferOverrides;
        return [claimId, claimReviewAtOffer(db, claimId, offer as ReviewOfferName, overrides, config)];
      }
      return [
        claimId,
        {
          decision,
          purchaseAmount: given.purchaseAmount!,
          fee: given.fee!,
          feeRatio: given.feeRatio!,
          ratio: given.ratio!,
          bankCharge: given.bankCharge!,
          principal: given.principal,
        },
      ];
    }
    case "cannot_buy":
      onlyFor([], decision);
      return [claimArgument(db, id!), { decision }];
    case "inadequate": {
      onlyFor(["reason", "document"], decision);
      const document = parsed.options.get("document") ?? "invoice";
      if (document !== "invoice" && document !== "additional_doc") {
        throw new OperatorUsageError(`--document must be invoice or additional_doc, got "${document}"`);
      }
      return [claimArgument(db, id!), { decision, reason: textOption(parsed, "reason"), document }];
    }
    default:
      throw new OperatorUsageError(
        `the decision must be can_buy, cannot_buy or inadequate, got "${decision}" (審査結果が不明です)`,
      );
  }
}
