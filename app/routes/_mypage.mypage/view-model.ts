// What My page shows, in the user's words; pure, so the loader stays a list of calls.

import {
  type AccountStepState,
  type IdentityProblem,
  accountSteps,
  nextAccountStep,
} from "~/domain/account-steps";
import type { BankCalendar } from "~/domain/bank-calendar";
import { ATTENTION_ORDER, type EntryAttentionKind, entryAttention } from "~/domain/entry-attention";
import { formatJapaneseDate, japanDate } from "~/domain/japan-date";
import { type ReturnObligationInput, returnObligation } from "~/domain/return-obligation";
import { PRE_ENTRY_DECLINED_NO_DOCUMENTS, newEntryAnswer } from "~/domain/new-entry";
import {
  type ClaimStatusInput,
  type StatusTone,
  claimStatusLabel,
  entryStatusLabel,
  entryStatusTone,
  identityStatusLabel,
} from "~/domain/status-labels";
import { type CurrentUser, userStatus } from "~/domain/user";
import { entryPaths } from "~/routing/entry-paths";
import { formatYen } from "~/domain/yen";
import { businessWords, greetingName } from "~/domain/business-types";

export interface MyPageUser extends CurrentUser {
  is_email_verified?: boolean;
}

export interface MyPageEntry {
  id: number;
  code: string;
  status: number;
  purchase_amount_desired: string | number | null;
  created_at: string;
  /** Set by the upstream once every return was received. */
  transaction_completed_at?: string | null;
  cancelled_at?: string | null;
  rejected_at?: string | null;
  claims: (ReturnObligationInput & ClaimStatusInput & { obliger_company_name?: string })[];
}

export interface MyPageInput {
  user: MyPageUser;
  entries: readonly MyPageEntry[];
  suppression: { method: string; segment: string; message: string };
  hasEntryPermissionWhenDelayed: boolean;
  now: Date;
  /** The bank holidays around the entries' return dates (japan-holidays.server.ts returnDateCalendar). */
  calendar: BankCalendar;
}

export type Tone = StatusTone;

export interface StepView {
  id: string;
  title: string;
  state: AccountStepState | "entry";
  stateLabel: string;
  tone: Tone;
  text: string;
  link: { href: string; label: string } | null;
  isNext: boolean;
}

export const ENTRY_START_PATH = "/entry/entry_invoice";

const NOT_NEEDED = "提出不要";

const STATE_LABELS: Record<AccountStepState, string> = {
  done: "完了",
  waiting: "確認中",
  todo: "未完了",
};

function identityText(problem: IdentityProblem, validDate: string): string {
  switch (problem) {
    case "expired":
      return validDate
        ? `本人確認書類の有効期限が切れています（有効期限：${validDate}）。新しい書類をご提出ください。`
        : "本人確認書類の有効期限が切れています。新しい書類をご提出ください。";
    case "inadequate":
      return "ご提出いただいた本人確認書類に不備がありました。お手数ですが、新しい書類をご提出ください。";
    case "nothing":
      return "運転免許証・パスポート・マイナンバーカードなどの本人確認書類（表面と裏面。マイナンバーカードは表面のみ）をご提出ください。";
  }
}

/** A late or nearly due claim by its place among the entry's claims (請求書1…), as the detail numbers them. */
interface DueClaim {
  number: number;
  debtor: string;
}

/** What My page says an entry needs, and the actions that do it: one, or one per late claim. */
function attentionView(kind: EntryAttentionKind, entryId: number, due: readonly DueClaim[]) {
  const detail = entryPaths.detail(entryId);
  switch (kind) {
    case "late":
      return {
        kind,
        text: "ご返金が遅れている請求書があります。至急ご返金ください。",
        actions: returnActions(entryId, due),
      };
    case "contractRefused":
      return {
        kind,
        text: "審査は完了しましたが、このお申し込みはいまはご契約いただけません。理由と、このあとのお手続きをご確認ください。",
        actions: [{ href: detail, label: "ご契約できない理由を確認する" }],
      };
    case "returnSoon":
      return {
        kind,
        text: "ご返金の期日が7日以内に迫っている請求書があります。",
        actions: returnActions(entryId, due),
      };
    case "inadequate":
      return {
        kind,
        text: "書類に不備があります。内容をご確認のうえ、再提出してください。",
        actions: [{ href: `/entry/resubmit/${entryId}`, label: "不備を修正して再提出する" }],
      };
    case "contract":
      return {
        kind,
        text: "審査が完了しました。買取条件をご確認のうえ、ご契約の手続きにお進みください。",
        actions: [{ href: `/entry/contract/${entryId}`, label: "ご契約の手続きへ進む" }],
      };
  }
}

/** The earliest return still to make, and a late one first: a late return is never "the next". */
function nextReturn(claims: readonly ReturnObligationInput[], today: string, calendar: BankCalendar) {
  const outstanding = claims
    .map((claim) => returnObligation(claim, today, calendar))
    .filter((obligation) => obligation !== null && obligation.state !== "returned")
    .sort((a, b) => a!.dueDate.localeCompare(b!.dueDate));
  const next = outstanding.find((obligation) => obligation!.state === "late") ?? outstanding[0];
  if (!next) return null;
  return {
    label: next.state === "late" ? "期日を過ぎた返金" : "次の返金期日",
    late: next.state === "late",
    date: formatJapaneseDate(next.dueDate),
    note: next.note,
  };
}

/** Each straight to its own amount and the account to send it to, not the detail page's top. */
function returnActions(entryId: number, due: readonly DueClaim[]) {
  return due.map(({ number, debtor }) => ({
    href: entryPaths.claimReturn(entryId, number),
    label: `請求書${number}${debtor ? `（${debtor}）` : ""}のご返金の金額と振込先を確認する`,
  }));
}

/** The claims whose return is late, or else due within the week, each with its place among the claims. */
function dueClaims(claims: MyPageEntry["claims"], today: string, calendar: BankCalendar): DueClaim[] {
  const states = claims.map((claim) => returnObligation(claim, today, calendar)?.state);
  const pressing = states.includes("late") ? "late" : "soon";
  return claims.flatMap((claim, index) =>
    states[index] === pressing ? [{ number: index + 1, debtor: claim.obliger_company_name ?? "" }] : [],
  );
}

/** "2件（審査中 1件・不備あり 1件）": the count, then how many claims read each status, in §4's order. */
function claimSummary(entry: MyPageEntry): string {
  const { claims } = entry;
  if (claims.length === 0) return "0件";
  const ordered = [...claims].sort((a, b) => a.status - b.status);
  const counts = new Map<string, number>();
  for (const claim of ordered) {
    const label = claimStatusLabel(claim, entry);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts.entries()].map(([label, count]) => `${label} ${count}件`);
  return `${claims.length}件（${parts.join("・")}）`;
}

export function toMyPageView(input: MyPageInput) {
  const { user, now } = input;
  const today = japanDate(now);
  const validDate = user.identity_valid_date ? formatJapaneseDate(user.identity_valid_date) : "";
  const answer = newEntryAnswer(input);
  const mayStartEntry = answer.allowed;
  // A user no document can help (a declined screening) is not asked for the profile and documents.
  const barred = answer.barred;
  const steps = accountSteps(user, now);
  const next = nextAccountStep(barred ? steps.filter((step) => step.id === "email") : steps);

  const stepViews: StepView[] = steps.map((step) => {
    const common = {
      id: step.id,
      state: step.state,
      stateLabel: STATE_LABELS[step.state],
      tone: (step.state === "done" ? "done" : step.state === "todo" ? "attention" : "neutral") as Tone,
      isNext: next?.id === step.id,
    };
    if (barred && step.id !== "email" && step.state !== "done") {
      return {
        ...common,
        title: step.id === "profile" ? "会員情報の登録" : "本人確認書類の提出",
        stateLabel: "不要",
        tone: "neutral" as Tone,
        text: PRE_ENTRY_DECLINED_NO_DOCUMENTS,
        link: null,
      };
    }
    switch (step.id) {
      case "email":
        return {
          ...common,
          title: "メールアドレスの確認",
          text:
            step.state === "done"
              ? "メールアドレスの確認が完了しています。"
              : `${user.email ?? "ご登録のメールアドレス"}にお送りした確認メールのリンクを開いてください。`,
          link:
            step.state === "done"
              ? null
              : { href: "/register/activation", label: "メールアドレスを確認する" },
        };
      case "profile":
        return {
          ...common,
          title: "会員情報の登録",
          text:
            step.state === "done"
              ? "お申し込みに必要な会員情報が揃っています。"
              : "会社名・ご住所・ご連絡先など、お申し込みに必要な会員情報をご登録ください。",
          link: step.state === "done" ? null : { href: "/register/profile", label: "会員情報を登録する" },
        };
      case "identity":
        return {
          ...common,
          title: "本人確認書類の提出",
          text:
            step.state === "todo"
              ? identityText(step.identityProblem ?? "nothing", validDate)
              : step.state === "waiting"
                ? "ご提出いただいた本人確認書類を確認しています。確認が終わるまでお待ちください。"
                : validDate
                  ? `本人確認が完了しています（有効期限：${validDate}）。`
                  : "本人確認が完了しています。",
          link:
            step.state === "todo"
              ? {
                  href: "/profile",
                  label:
                    step.identityProblem === "nothing" ? "本人確認書類を提出する" : "新しい書類を提出する",
                }
              : null,
        };
    }
  });
  stepViews.push({
    id: "entry",
    title: "お申し込み",
    state: "entry",
    stateLabel: mayStartEntry ? "お申し込みできます" : "現在お申し込みできません",
    tone: mayStartEntry ? "done" : "neutral",
    text: mayStartEntry
      ? "請求書をご用意のうえ、お申し込みください。"
      : "お申し込みできない理由は「お申し込み」の欄をご覧ください。",
    link: null,
    isNext: false,
  });

  const listed = entriesNeedingUserFirst(input.entries, today, input.calendar, input.user);
  return {
    email: user.email ?? "",
    /** Whom the page greets: the company or 屋号; a sole proprietor without one, by name. */
    greeting: greetingName(user),
    companyName: user.company_name ?? "",
    businessNameLabel: businessWords(user.corporate_division).businessName,
    isEmailVerified: user.is_email_verified === true,
    identity: {
      // Said as the identity step says it: a barred user owes no documents.
      label: barred && steps[2]?.state === "todo" ? NOT_NEEDED : identityStatusLabel(user, now),
      validDate,
      isExpired: !barred && steps[2]?.identityProblem === "expired",
    },
    /** The profile and identity forms; never offered to a user who owes neither. */
    profileLink: !barred,
    steps: stepViews,
    hasNextStep: next !== null,
    /** An entry asks something of the user: it comes first on the page (entriesNeedingUserFirst). */
    hasAttention: listed.some(({ attention }) => attention !== null),
    /** The pre-entry screening, offered while the profile is incomplete and no screening declined. */
    preEntryPath: userStatus(user) === "lackOfUserData" ? "/register/pre_entry" : null,
    newEntry: { allowed: mayStartEntry, href: ENTRY_START_PATH, reasons: answer.reasons },
    entries: listed.map(({ entry, attention }) => ({
      attention: attention
        ? attentionView(attention, entry.id, dueClaims(entry.claims, today, input.calendar))
        : null,
      id: entry.id,
      code: entry.code,
      statusLabel: entryStatusLabel(entry),
      tone: entryStatusTone(entry),
      createdDate: formatJapaneseDate(entry.created_at),
      desiredAmount: formatYen(entry.purchase_amount_desired),
      claimCount: entry.claims.length,
      claimSummary: claimSummary(entry),
      nextReturn: nextReturn(entry.claims, today, input.calendar),
    })),
  };
}

/** Entries that ask something of the user first, most pressing first; the rest newest first. */
function entriesNeedingUserFirst(
  entries: readonly MyPageEntry[],
  today: string,
  calendar: BankCalendar,
  user: MyPageUser,
) {
  const rank = (kind: EntryAttentionKind | null) =>
    kind === null ? ATTENTION_ORDER.length : ATTENTION_ORDER.indexOf(kind);
  return entries
    .map((entry) => ({ entry, attention: entryAttention(entry, today, calendar, user) }))
    .sort((a, b) => rank(a.attention) - rank(b.attention));
}

export type MyPageView = ReturnType<typeof toMyPageView>;
