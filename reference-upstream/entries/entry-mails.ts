// The mails the operator's system sends about an entry, each with a link to the entry's detail page on
// the user's own brand, into the outbox (`npm run outbox`): the receipt of what the user did (a
// submission, a resubmission, a cancel), and every change on the operator's side the user should hear
// of (inadequate, reviewed, declined, contracted, transferred, a delay, a return received). Which mail
// is decided by comparing the entry before and after a change: one mail per change, none when nothing
// the user should hear of changed (a second claim reviewed while others wait). What each carries:
// entry-mail-details.ts; docs/upstream-api/mails.md lists which call sends which.

import type { UpstreamConfig } from "../config";
import { appBaseUrlFor, brandOf, serviceOf } from "../accounts/brand-links";
import { ClaimStatus, EntryStatus } from "../../app/domain/statuses";
import type { Db } from "../db/database";
import { findUserById } from "../users";
import { sendMail } from "../outbox";
import { claimsOfEntry, findEntry } from "./rows";
import { type MailContext, detailLines } from "./entry-mail-details";

export interface EntrySnapshot {
  status: number;
  /** Archived by the review (rejected_at), not by a cancel. */
  declined: boolean;
  delayedClaimIds: number[];
  returnedClaimIds: number[];
}

export type EntryMailKind =
  | "received"
  | "resubmitted"
  | "cancelled"
  | "inadequate"
  | "reviewed"
  | "declined"
  | "contracted"
  | "transferred"
  | "delay"
  | "returned";

export function snapshotEntry(db: Db, entryId: number): EntrySnapshot | null {
  const entry = findEntry(db, entryId);
  if (!entry) return null;
  const claims = claimsOfEntry(db, entryId);
  const idsIn = (status: number) =>
    claims.filter((claim) => claim.status === status).map((claim) => claim.id);
  return {
    status: entry.status,
    declined: entry.status === EntryStatus.archived && entry.rejected_at !== null,
    delayedClaimIds: idsIn(ClaimStatus.delay),
    returnedClaimIds: idsIn(ClaimStatus.returned),
  };
}

const added = (before: readonly number[], after: readonly number[]) =>
  after.filter((id) => !before.includes(id));

/** The claims a change concerns: those newly late for a delay, newly returned for a return. */
export function claimsOfChange(kind: EntryMailKind, before: EntrySnapshot, after: EntrySnapshot): number[] {
  if (kind === "delay") return added(before.delayedClaimIds, after.delayedClaimIds);
  if (kind === "returned") return added(before.returnedClaimIds, after.returnedClaimIds);
  return [];
}

/**
 * The change the user hears of, if any: a delay first (it asks the most of them), then a return
 * received, then the entry's new status (archived by the review: declined).
 */
export function mailKindFor(before: EntrySnapshot, after: EntrySnapshot): EntryMailKind | null {
  if (added(before.delayedClaimIds, after.delayedClaimIds).length > 0) return "delay";
  if (added(before.returnedClaimIds, after.returnedClaimIds).length > 0) return "returned";
  if (after.declined && !before.declined) return "declined";
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
  resubmitted: {
    subject: "再提出を受け付けました",
    lines: [
      "不備のあった書類の再提出を受け付けました。ありがとうございます。",
      "これからあらためて審査を行います。審査の結果はメールでお知らせします。",
    ],
  },
  cancelled: {
    subject: "お申し込みのキャンセルを受け付けました",
    lines: [
      "お申し込みのキャンセルを受け付けました。審査・お手続きはすべて終了しました。",
      "お心当たりのない場合は、下記のお問い合わせ先までご連絡ください。",
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
  declined: {
    subject: "審査結果のお知らせ",
    lines: [
      "お申し込みの審査が完了しました。",
      "慎重に審査いたしましたが、誠に恐れ入りますが、次の請求書はいずれも買取を見送らせていただくことになりました。",
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
      "次の口座に買取代金をお振り込みしました。",
      "売掛先から入金がありましたら、請求書ごとの返金期日までにご返金をお願いいたします。期日・金額・振込先は、契約締結のお知らせとお申し込みの詳細でご確認いただけます。",
    ],
  },
  delay: {
    subject: "【重要】ご返金が確認できていません",
    lines: [
      "次の請求書について、返金期日を過ぎてもご返金を確認できていません。",
      "下記の振込先に至急ご返金ください。売掛先からの入金が遅れている場合や、すでにお振り込みいただいている場合は、下記のお問い合わせ先までご連絡ください。",
    ],
  },
  returned: {
    subject: "ご返金を確認しました",
    lines: ["次の請求書について、ご返金を確認しました。ありがとうございます。"],
  },
};

/**
 * Sends the user the mail for `kind` about the entry, with the link to its detail page
 * (`claimIds`: the claims the change concerns, claimsOfChange).
 */
export function sendEntryMail(
  db: Db,
  config: UpstreamConfig,
  entryId: number,
  kind: EntryMailKind,
  now: Date,
  claimIds: readonly number[] = [],
): void {
  const entry = findEntry(db, entryId);
  const user = entry ? findUserById(db, entry.user_id) : null;
  if (!entry || !user) return;
  const service = serviceOf(config, user.service_id);
  const brand = brandOf(config, user.service_id);
  const link = `${appBaseUrlFor(config, user.service_id)}/entry/detail/${entry.id}`;
  const text = MAIL_TEXT[kind];
  const context: MailContext = {
    entry,
    claims: claimsOfEntry(db, entry.id),
    claimIds,
    brand,
    profileAccount: user.bank_account,
    now,
  };
  sendMail(
    db,
    brand,
    {
      kind: `entry_${kind}`,
      to: user.email,
      subject: `【${service.service_name}】${text.subject}（申込番号 ${entry.code}）`,
      body: [
        `申込番号 ${entry.code}`,
        "",
        ...text.lines,
        ...detailLines(kind, context),
        "",
        "お申し込みの詳細：",
        link,
      ].join("\n"),
      link,
    },
    now,
  );
}
