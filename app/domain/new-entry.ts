// §4 "A user may create a new entry only if: …", each blocker named so the pages can say which. Pure.

import type { SuppressionMethod } from "./enumerations";
import { BEFORE_CONTRACTED_ENTRY_STATUSES, ClaimStatus } from "./statuses";
import {
  type CurrentUser,
  hasSatisfiedProfile,
  isIdentityExpired,
  isImperfectIdentity,
  userStatus,
} from "./user";

export interface EntrySummary {
  status: number;
  claims: { status: number }[];
}

/** §4 "A user has a before-contracted entry if any entry is reviewed, under_review or inadequate." */
export function hasBeforeContractedEntry(entries: readonly EntrySummary[]): boolean {
  return entries.some((entry) =>
    (BEFORE_CONTRACTED_ENTRY_STATUSES as readonly number[]).includes(entry.status),
  );
}

export function hasInadequateClaim(entries: readonly EntrySummary[]): boolean {
  return entries.some((entry) => entry.claims.some((claim) => claim.status === ClaimStatus.inadequate));
}

export function hasDelayClaim(entries: readonly EntrySummary[]): boolean {
  return entries.some((entry) => entry.claims.some((claim) => claim.status === ClaimStatus.delay));
}

export interface Suppression {
  method: SuppressionMethod | string;
  /** §3 System suppression setting: method, segment, message. An empty segment means everyone. */
  segment?: string;
  /** The operator's words for a stop, shown as written. */
  message?: string;
}

/** §4 "Stopping new entries applies when the suppression method is stop-new-entry", per segment. */
export function areNewEntriesStopped(suppression: Suppression | null, userSegment?: string): boolean {
  if (suppression?.method !== "stop-new-entry") return false;
  return !suppression.segment || suppression.segment === userSegment;
}

export type NewEntryBlocker =
  | "identityImperfect"
  | "identityExpired"
  | "preEntryDeclined"
  | "userStatus"
  | "newEntriesStopped"
  | "beforeContractedEntry"
  | "inadequateClaim"
  | "delayClaim";

export interface NewEntryInput {
  user: CurrentUser;
  entries: readonly EntrySummary[];
  suppression: Suppression | null;
  hasEntryPermissionWhenDelayed: boolean;
  now: Date;
}

export function newEntryBlockers(input: NewEntryInput): NewEntryBlocker[] {
  const blockers: NewEntryBlocker[] = [];
  if (isImperfectIdentity(input.user)) blockers.push("identityImperfect");
  if (isIdentityExpired(input.user, input.now)) blockers.push("identityExpired");
  // §4 preEntryDeclined is a user status that blocks: said as what it is, not as "your status".
  if (isPreEntryDeclined(input.user)) blockers.push("preEntryDeclined");
  else if (!["lackOfUserData", "login"].includes(userStatus(input.user))) blockers.push("userStatus");
  if (areNewEntriesStopped(input.suppression, input.user.user_segment)) blockers.push("newEntriesStopped");
  if (hasBeforeContractedEntry(input.entries)) blockers.push("beforeContractedEntry");
  if (hasInadequateClaim(input.entries)) blockers.push("inadequateClaim");
  if (hasDelayClaim(input.entries) && !input.hasEntryPermissionWhenDelayed) blockers.push("delayClaim");
  return blockers;
}

/** One answer to "did the screening decline me?" for every page; a later screening does not lift it. */
export function isPreEntryDeclined(user: CurrentUser): boolean {
  return userStatus(user) === "preEntryDeclined";
}

/** Blockers no document lifts: a user held by one is never asked for documents they cannot use. */
const BARRING_BLOCKERS: readonly NewEntryBlocker[] = ["preEntryDeclined", "userStatus"];
const DOCUMENT_BLOCKERS: readonly NewEntryBlocker[] = ["identityImperfect", "identityExpired"];

export function isBarredFromApplying(blockers: readonly NewEntryBlocker[]): boolean {
  return blockers.some((blocker) => BARRING_BLOCKERS.includes(blocker));
}

/** The operator's suppression message stands alone; a barred user is not told to send documents. */
export function newEntryReasons(blockers: readonly NewEntryBlocker[], suppressionMessage = ""): string[] {
  const barred = isBarredFromApplying(blockers);
  return blockers
    .filter((blocker) => !(barred && DOCUMENT_BLOCKERS.includes(blocker)))
    .map((blocker) =>
      blocker === "newEntriesStopped"
        ? suppressionMessage.trim() || NEW_ENTRY_BLOCKER_MESSAGES.newEntriesStopped
        : NEW_ENTRY_BLOCKER_MESSAGES[blocker],
    );
}

export function mayCreateNewEntry(input: NewEntryInput): boolean {
  return newEntryBlockers(input).length === 0;
}

export interface NewEntryAnswer {
  allowed: boolean;
  /** Held by what no document lifts: not asked for the profile or documents. */
  barred: boolean;
  reasons: string[];
}

/** The one answer My page, the pre-entry result and the wizard give to "may I apply now?". */
export function newEntryAnswer(input: NewEntryInput): NewEntryAnswer {
  const blockers = newEntryBlockers(input);
  return {
    allowed: blockers.length === 0,
    barred: isBarredFromApplying(blockers),
    reasons: newEntryReasons(blockers, input.suppression?.message),
  };
}

/** The profile (with the identity documents) is asked of a user without one, unless the screening declined them. */
export function asksForProfile(user: CurrentUser): boolean {
  return !hasSatisfiedProfile(user) && !isPreEntryDeclined(user);
}

/** What every screen tells a declined user of the profile and the documents. */
export const PRE_ENTRY_DECLINED_NO_DOCUMENTS =
  "事前審査の結果、お申し込みいただけないため、会員情報のご登録・本人確認書類のご提出は不要です。";

/** What the user reads for each blocker (My page shows the reason when a new entry may not start). */
export const NEW_ENTRY_BLOCKER_MESSAGES: Record<NewEntryBlocker, string> = {
  identityImperfect: "本人確認書類の提出または再提出が必要です。",
  identityExpired: "本人確認書類の有効期限が切れています。新しい書類をご提出ください。",
  // My page gives the contact beneath the reasons (app/components/contact-desk.tsx).
  preEntryDeclined: "事前審査の結果、お申し込みいただけません。",
  userStatus: "現在のご登録内容では新しいお申し込みができません。",
  newEntriesStopped: "現在、新規のお申し込みを停止しています。",
  beforeContractedEntry:
    "審査中またはご契約前のお申し込みがあります。ご契約またはキャンセルの後に、新しくお申し込みいただけます。",
  inadequateClaim:
    "不備のある請求書があります。お申し込みの詳細で不備の内容をご確認のうえ、再提出をお願いします。",
  delayClaim:
    "ご返金が遅れている請求書があるため、新しいお申し込みはできません。お申し込みの詳細で金額と振込先をご確認のうえ、ご返金ください。",
};
