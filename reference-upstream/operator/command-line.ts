// The operator's side of §4, which has no screens (ARCHITECTURE §11), one module per job beside this
// one; here a command line is read, run and, when its owner should hear of the change, mailed.
// `npm run operator -- help` runs these; tests call runOperatorCommand directly. Every change runs in
// one write transaction.

import { SUPPRESSION_METHODS, type SuppressionMethod } from "../../app/domain/enumerations";
import type { Db } from "../db/database";
import { findUserById } from "../users";
import { type UpstreamConfig, configFromEnvironment } from "../config";
import { sendIdentityConfirmedMail } from "../accounts/identity-mails";
import { claimsOfChange, mailKindFor, sendEntryMail, snapshotEntry } from "../entries/entry-mails";
import { findClaim } from "../entries/rows";
import { serializeEntry } from "../entries/serialize";
import {
  claimArgument,
  dateOption,
  entryArgument,
  expectPositionals,
  idArgument,
  parseArgs,
  ratioOption,
  textOption,
  yenOption,
} from "./arguments";
import { OPERATOR_OPTIONS } from "./commands";
import { cancelClaim, markEntryContracted } from "./contract";
import { OperatorStateError, OperatorUsageError } from "./errors";
import { operatorHelp } from "./help";
import {
  confirmIdentity,
  expireIdentity,
  expireSessions,
  listUsers,
  markIdentityInadequate,
} from "./identity";
import { markEntryTransferred } from "./payout";
import { requireEntry } from "./refusals";
import { markClaimDelay, markClaimReturned, setEntryPermission } from "./returns";
import {
  type ClaimReview,
  type EntryDocument,
  listEntries,
  markEntryDocumentsInadequate,
  reviewClaim,
} from "./review";
import {
  KNOWN_OFFERS,
  type OfferOverrides,
  REVIEW_OFFERS,
  type ReviewOfferName,
  claimReviewAtOffer,
} from "./review-offers";
import { setSuppression } from "./suppression";

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
