// §4 contract, and no term the owner cannot keep: a reviewed entry with a can_buy claim is contracted
// only while every bought claim's deadline is after today and the owner's identity is confirmed and valid.

import type { BankCalendar } from "./bank-calendar";
import { formatJapaneseDate } from "./japan-date";
import { returnDeadline } from "./return-deadline";
import {
  CLAIM_STATUSES_WITH_PURCHASE_AMOUNT,
  ClaimStatus,
  EntryStatus,
  ReviewStatus,
  isEntryContractable,
} from "./statuses";
import { type CurrentUser, isIdentityExpiredOn } from "./user";

export interface ContractRefusalEntry {
  status: number;
  claims: readonly {
    status: number;
    return_date?: string | null;
    obliger_payment_date?: string | null;
    obliger_company_name?: string | null;
  }[];
}

export type ContractOwner = Pick<CurrentUser, "identity_confirmation" | "identity_valid_date">;

export interface ContractRefusal {
  kind: "notContractable" | "deadlinePassed" | "identityExpired" | "identityUnconfirmed";
  message: string;
  /** What the owner can do: cancel and apply again (or ask the operator), or renew the identity at /profile. */
  remedy: "reapply" | "profile" | null;
}

/** A refusal as a page shows it: the words, where to act on them, whom to ask. */
export interface ContractRefusalView {
  message: string;
  /** Where the owner can act on it (renew the identity), or null. */
  action: { href: string; label: string } | null;
  /** The brand's contact is given: the entry must be applied for again, or the operator asked. */
  contact: boolean;
}

export const ContractRefusalMessage = {
  notContractable:
    "このお申し込みは、いまはご契約いただけません。審査が完了し、買取可能な請求書があるお申し込みのみご契約いただけます。",
  deadlinePassed: (claim: string, deadline: string, isToday: boolean) =>
    `${claim}の返金期日（${deadline}）が${isToday ? "本日です" : "過ぎています"}。返金期日より前に買取代金をお支払いできないため、このお申し込みはご契約いただけません。お申し込みをキャンセルし、請求書の新しい入金予定日でお申し込みし直すか、お問い合わせ窓口にご相談ください。`,
  identityExpired:
    "本人確認書類の有効期限が切れているため、ご契約いただけません。プロフィールから新しい本人確認書類をご提出ください。確認が済みしだいご契約いただけます。",
  identityUnconfirmed:
    "本人確認が済んでいないため、ご契約いただけません。本人確認書類の確認が済みしだいご契約いただけます。まだご提出でない場合や不備がある場合は、プロフィールから本人確認書類をご提出ください。",
} as const;

/** Why the entry may not be contracted today (the first reason, most decisive first); null when it may. */
export function contractRefusal(
  entry: ContractRefusalEntry,
  owner: ContractOwner,
  today: string,
  calendar: BankCalendar,
): ContractRefusal | null {
  if (
    !isEntryContractable(
      entry.status,
      entry.claims.map((claim) => claim.status),
    )
  )
    return { kind: "notContractable", message: ContractRefusalMessage.notContractable, remedy: null };
  // A deadline today or past cannot be kept: the price is paid out after the contract.
  for (const [index, claim] of entry.claims.entries()) {
    if (claim.status !== ClaimStatus.can_buy) continue;
    const date = claim.return_date || claim.obliger_payment_date;
    if (!date) continue;
    const deadline = returnDeadline(date, calendar);
    if (deadline > today) continue;
    const name = [`請求書${index + 1}`, claim.obliger_company_name].filter(Boolean).join("・");
    return {
      kind: "deadlinePassed",
      message: ContractRefusalMessage.deadlinePassed(name, formatJapaneseDate(deadline), deadline === today),
      remedy: "reapply",
    };
  }
  if (isIdentityExpiredOn(owner, today))
    return { kind: "identityExpired", message: ContractRefusalMessage.identityExpired, remedy: "profile" };
  if (owner.identity_confirmation !== ReviewStatus.confirmed)
    return {
      kind: "identityUnconfirmed",
      message: ContractRefusalMessage.identityUnconfirmed,
      remedy: "profile",
    };
  return null;
}

/** Why the owner's own entry has no agreement to show: its words say when there will be one, or that none will. */
export interface AgreementAbsence {
  kind: "beforeReview" | "nothingBought";
  title: string;
  message: string;
}

export const AgreementAbsenceMessage = {
  beforeReview: {
    title: "契約書は審査の完了後にご覧いただけます",
    message:
      "このお申し込みは審査中です。審査が完了すると、買い取りする請求書と買取金額・手数料を記載した契約書をこちらでご覧いただけます。審査の結果はメールでお知らせします。",
  },
  nothingBought: {
    title: "このお申し込みの契約書はありません",
    message:
      "このお申し込みには買い取りする請求書がないため、契約書はありません。お申し込みの状況は、お申し込みの詳細でご確認いただけます。",
  },
} as const;

/**
 * The agreement is filled with the bought claims' figures (§4 purchase-amount statuses): without any, an
 * entry still under review (or asked for documents) will have them after review; any other has none.
 */
export function agreementAbsence(entry: ContractRefusalEntry): AgreementAbsence | null {
  if (
    entry.claims.some((claim) =>
      (CLAIM_STATUSES_WITH_PURCHASE_AMOUNT as readonly number[]).includes(claim.status),
    )
  )
    return null;
  const kind =
    entry.status === EntryStatus.under_review || entry.status === EntryStatus.inadequate
      ? "beforeReview"
      : "nothingBought";
  return { kind, ...AgreementAbsenceMessage[kind] };
}
