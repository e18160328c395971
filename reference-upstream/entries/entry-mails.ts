// Issue 9 item 7: the mails a real operator's system sends when an entry changes on the operator's side
// (inadequate, reviewed, contracted, transferred, a delay), each with a link to the entry's detail page
// on the user's own brand, into the outbox (`npm run outbox`), so the whole loop can be tried. Which
// mail is decided by comparing the entry before and after an operator command: one mail per change,
// none when nothing the user should hear of changed (a second claim reviewed while others wait).

import type { UpstreamConfig } from "../config";
import { appBaseUrlFor, serviceOf } from "../accounts/brand-links";
import { ClaimStatus, EntryStatus } from "../../app/domain/statuses";
import type { Db } from "../db/database";
import { sendMail } from "../outbox";
import { findUserById } from "../users";
import { claimsOfEntry, findEntry } from "./rows";

export interface EntrySnapshot {
  status: number;
  delayedClaims: number;
}

export type EntryMailKind = "inadequate" | "reviewed" | "contracted" | "transferred" | "delay";

export function snapshotEntry(db: Db, entryId: number): EntrySnapshot | null {
  const entry = findEntry(db, entryId);
  if (!entry) return null;
  const delayedClaims = claimsOfEntry(db, entryId).filter(
    (claim) => claim.status === ClaimStatus.delay,
  ).length;
  return { status: entry.status, delayedClaims };
}

/** The change the user hears of, if any: a delay first (it asks the most of them), then the entry's new status. */
export function mailKindFor(before: EntrySnapshot, after: EntrySnapshot): EntryMailKind | null {
  if (after.delayedClaims > before.delayedClaims) return "delay";
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
    subject: "ご契約ありがとうございます",
    lines: [
      "ご契約の手続きが完了しました。買取代金のお振込の準備に入ります。",
      "ご返金の期日・金額・振込先は、お申し込みの詳細でご確認いただけます。",
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
};

/** Sends the user the mail for `kind` about the entry, with the link to its detail page. */
export function sendEntryMail(
  db: Db,
  config: UpstreamConfig,
  entryId: number,
  kind: EntryMailKind,
  now: Date,
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
      body: [`申込番号 ${entry.code}`, "", ...text.lines, "", "お申し込みの詳細：", link].join("\n"),
      link,
    },
    now,
  );
}
