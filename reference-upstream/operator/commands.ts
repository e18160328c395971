// The commands the operator runs, the options each accepts and the jobs help groups them by.

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
