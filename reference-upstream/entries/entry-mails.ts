// The mails the operator's system sends about an entry, each with a link to the entry's detail page on
// the user's own brand, into the outbox (`npm run outbox`): the receipt of a submission, and every
// change on the operator's side the user should hear of (inadequate, reviewed, contracted,
// transferred, a delay, a return received). Which mail is decided by comparing the entry before and
// after a change: one mail per change, none when nothing the user should hear of changed (a second
// claim reviewed while others wait). docs/upstream-api/entries.md lists which call sends which.

import type { UpstreamConfig } from "../config";
import { appBaseUrlFor, serviceOf } from "../accounts/brand-links";
import { formatJapaneseDate, formatJapaneseDateWithWeekday } from "../../app/domain/japan-date";
import {
  FIGURE_LABELS,
  claimFigures,
  figureTotals,
  payoutDay,
  yenAmount,
} from "../../app/domain/purchase-figures";
import { returnObligation } from "../../app/domain/return-obligation";
import { ClaimStatus, EntryStatus } from "../../app/domain/statuses";
import { formatYen } from "../../app/domain/yen";
import type { Db } from "../db/database";
import { returnDateCalendar } from "../../app/lookup/japan-holidays.server";
import { sendMail } from "../outbox";
import { dateJst } from "../time";
import { findUserById } from "../users";
import { type ClaimRow, type EntryRow, claimsOfEntry, findEntry } from "./rows";

export interface EntrySnapshot {
  status: number;
  delayedClaims: number;
  returnedClaimIds: number[];
}

export type EntryMailKind =
  "received" | "inadequate" | "reviewed" | "contracted" | "transferred" | "delay" | "returned";

export function snapshotEntry(db: Db, entryId: number): EntrySnapshot | null {
  const entry = findEntry(db, entryId);
  if (!entry) return null;
  const claims = claimsOfEntry(db, entryId);
  return {
    status: entry.status,
    delayedClaims: claims.filter((claim) => claim.status === ClaimStatus.delay).length,
    returnedClaimIds: claims
      .filter((claim) => claim.status === ClaimStatus.returned)
      .map((claim) => claim.id),
  };
}

/** The claims that were returned between two snapshots. */
export function newlyReturned(before: EntrySnapshot, after: EntrySnapshot): number[] {
  return after.returnedClaimIds.filter((id) => !before.returnedClaimIds.includes(id));
}

/**
 * The change the user hears of, if any: a delay first (it asks the most of them), then a return
 * received, then the entry's new status.
 */
export function mailKindFor(before: EntrySnapshot, after: EntrySnapshot): EntryMailKind | null {
  if (after.delayedClaims > before.delayedClaims) return "delay";
  if (newlyReturned(before, after).length > 0) return "returned";
  if (after.status === before.status) return null;
  switch (after.status) {
    case EntryStatus.inadequate:
      return "inadequate";
    case EntryStatus.reviewed:
      return "reviewed";
    case EntryStatus.contracted:
      return "contracted";
    case EntryStatus.transferred:
      return "transferred";
    default:
      return null;
  }
}

const MAIL_TEXT: Record<EntryMailKind, { subject: string; lines: string[] }> = {
  received: {
    subject: "お申し込みを受け付けました",
    lines: [
      "お申し込みを受け付けました。ありがとうございます。",
      "これから審査を行います。審査の結果はメールでお知らせします。書類に不備があった場合も、メールでご連絡します。",
    ],
  },
  inadequate: {
    subject: "お申し込みの書類に不備がありました",
    lines: [
      "お申し込みいただいた書類に不備がありました。",
      "お申し込みの詳細で不備の内容をご確認のうえ、再提出をお願いいたします。",
    ],
  },
  reviewed: {
    subject: "審査が完了しました",
    lines: [
      "お申し込みの審査が完了しました。",
      "お申し込みの詳細で買取条件をご確認のうえ、ご契約の手続きにお進みください。",
    ],
  },
  contracted: {
    subject: "契約締結のお知らせ",
    lines: [
      "債権譲渡契約が締結されました。買取代金のお振込の準備に入ります。",
      "契約の内容は次のとおりです。このメールは控えとして保管してください。",
    ],
  },
  transferred: {
    subject: "買取代金をお振り込みしました",
    lines: [
      "ご登録の口座に買取代金をお振り込みしました。",
      "売掛先から入金がありましたら、請求書ごとの返金期日までにご返金をお願いいたします。期日・金額・振込先は、お申し込みの詳細でご確認いただけます。",
    ],
  },
  delay: {
    subject: "【重要】ご返金が確認できていません",
    lines: [
      "お申し込みの請求書について、ご返金を確認できていません。",
      "お申し込みの詳細で金額と振込先をご確認のうえ、至急ご返金ください。売掛先からの入金が遅れている場合は、その旨をご連絡ください。",
    ],
  },
  returned: {
    subject: "ご返金を確認しました",
    lines: ["次の請求書について、ご返金を確認しました。ありがとうございます。"],
  },
};

const claimHeading = (claim: ClaimRow) => `■ 請求書${claim.position} ${claim.obliger_company_name}`;

/** What was submitted: the number of invoices, their face value and the amount asked for. */
function receivedLines(entry: EntryRow, claims: readonly ClaimRow[]): string[] {
  const faceValue = claims.reduce((total, claim) => total + (yenAmount(claim.amount) ?? 0), 0);
  return [
    `請求書 ${claims.length}件（額面合計 ${formatYen(faceValue)}）`,
    `ご希望の買取金額 ${formatYen(entry.purchase_amount_desired)}`,
  ];
}

/** The contract's figures per claim bought, with the deadline each is due back by. */
function contractLines(entry: EntryRow, claims: readonly ClaimRow[], now: Date): string[] {
  const today = dateJst(now);
  const bought = claims.filter((claim) => claim.status === ClaimStatus.contracted);
  const calendar = returnDateCalendar(bought, today, entry.contracted_at);
  const payoutDate = payoutDay(entry, now, calendar);
  const lines = [`契約日 ${formatJapaneseDate((entry.contracted_at ?? today).slice(0, 10))}`];
  const figures = [];
  for (const claim of bought) {
    const figure = claimFigures(claim, { payoutDate, calendar });
    const obligation = returnObligation(claim, today, calendar);
    lines.push("", claimHeading(claim));
    if (figure) {
      figures.push(figure);
      const L = FIGURE_LABELS;
      lines.push(
        `${L.purchaseAmount} ${formatYen(figure.purchaseAmount)}`,
        `${L.fee} ${formatYen(figure.fee)}`,
        `${L.bankCharge} ${formatYen(figure.bankCharge)}`,
        `${L.received} ${formatYen(figure.received)}`,
        `${L.repayment} ${formatYen(figure.repayment)}`,
        `${L.cost} ${formatYen(figure.cost)}（${L.marginPart} ${formatYen(figure.marginPart)}を含みます）`,
      );
    }
    if (obligation) {
      lines.push(`返金期日 ${formatJapaneseDateWithWeekday(obligation.dueDate)}`);
      if (obligation.note) lines.push(obligation.note);
    }
  }
  if (figures.length > 1) {
    lines.push("", `${FIGURE_LABELS.received}（合計） ${formatYen(figureTotals(figures).received)}`);
  }
  lines.push(
    "",
    "売掛先から入金がありましたら、返金期日までにご返金ください。ご返金の振込先は、お申し込みの詳細でご確認いただけます。",
  );
  return lines;
}

/** Each claim whose return was received now, and what is still owed. */
function returnedLines(claims: readonly ClaimRow[], returnedIds: readonly number[], now: Date): string[] {
  const today = dateJst(now);
  const calendar = returnDateCalendar(claims, today);
  const lines: string[] = [];
  for (const claim of claims.filter((candidate) => returnedIds.includes(candidate.id))) {
    const obligation = returnObligation(claim, today, calendar);
    lines.push("", claimHeading(claim));
    if (obligation?.amount != null) lines.push(`ご返金額 ${formatYen(obligation.amount)}`);
    lines.push(`ご返金確認日 ${formatJapaneseDate(dateJst(new Date(claim.returned_at ?? now)))}`);
  }
  const owed = claims.filter((claim) => {
    const state = returnObligation(claim, today, calendar)?.state;
    return state !== undefined && state !== "returned";
  });
  lines.push(
    "",
    owed.length > 0
      ? `残りのご返金 ${owed.length}件：期日・金額・振込先は、お申し込みの詳細でご確認いただけます。`
      : "このお申し込みのご返金はすべて確認できました。お取引は完了です。",
  );
  return lines;
}

function detailLines(
  kind: EntryMailKind,
  entry: EntryRow,
  claims: readonly ClaimRow[],
  returnedIds: readonly number[],
  now: Date,
): string[] {
  switch (kind) {
    case "received":
      return ["", ...receivedLines(entry, claims)];
    case "contracted":
      return ["", ...contractLines(entry, claims, now)];
    case "returned":
      return returnedLines(claims, returnedIds, now);
    default:
      return [];
  }
}

/**
 * Sends the user the mail for `kind` about the entry, with the link to its detail page
 * (`returnedIds`: the claims a "returned" mail acknowledges).
 */
export function sendEntryMail(
  db: Db,
  config: UpstreamConfig,
  entryId: number,
  kind: EntryMailKind,
  now: Date,
  returnedIds: readonly number[] = [],
): void {
  const entry = findEntry(db, entryId);
  const user = entry ? findUserById(db, entry.user_id) : null;
  if (!entry || !user) return;
  const serviceName = serviceOf(config, user.service_id).service_name;
  const link = `${appBaseUrlFor(config, user.service_id)}/entry/detail/${entry.id}`;
  const text = MAIL_TEXT[kind];
  sendMail(
    db,
    {
      kind: `entry_${kind}`,
      to: user.email,
      subject: `【${serviceName}】${text.subject}（申込番号 ${entry.code}）`,
      body: [
        `申込番号 ${entry.code}`,
        "",
        ...text.lines,
        ...detailLines(kind, entry, claimsOfEntry(db, entry.id), returnedIds, now),
        "",
        "お申し込みの詳細：",
        link,
      ].join("\n"),
      link,
    },
    now,
  );
}
