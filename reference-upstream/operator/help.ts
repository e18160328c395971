// `npm run operator -- help`: the overview by job, and every command's options, rules and examples.

import { OPERATOR_GROUPS, type OperatorCommand } from "./commands";
import { OperatorUsageError } from "./errors";
import { KNOWN_OFFERS } from "./review-offers";

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
