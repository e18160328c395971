// §4's entry statuses as a road: 審査中 → 審査完了 → ご契約 → お振込 → 完了; what interrupts it is no step.

import { ClaimStatus, EntryStatus } from "./statuses";

export type TimelineStepKey = "under_review" | "reviewed" | "contracted" | "transferred" | "completed";

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  state: "done" | "current" | "todo";
  date: string | null;
}

export interface TimelineException {
  kind: "inadequate" | "delay" | "cancelled" | "rejected";
  label: string;
}

export interface EntryTimeline {
  steps: TimelineStep[];
  exception: TimelineException | null;
}

export interface TimelineInput {
  status: number;
  created_at: string;
  reviewed_at?: string | null;
  contracted_at?: string | null;
  transferred_at?: string | null;
  transaction_completed_at?: string | null;
  cancelled_at?: string | null;
  rejected_at?: string | null;
  claims: readonly { status: number }[];
}

const STEP_LABELS: Record<TimelineStepKey, string> = {
  under_review: "審査中",
  reviewed: "審査完了",
  contracted: "ご契約",
  transferred: "お振込",
  completed: "完了",
};

const CURRENT_STEP: Partial<Record<number, number>> = {
  [EntryStatus.under_review]: 0,
  [EntryStatus.inadequate]: 0,
  [EntryStatus.reviewed]: 1,
  [EntryStatus.contracted]: 2,
  [EntryStatus.transferred]: 3,
};

export function entryTimeline(entry: TimelineInput): EntryTimeline {
  const dates = [
    entry.created_at,
    entry.reviewed_at ?? null,
    entry.contracted_at ?? null,
    entry.transferred_at ?? null,
    entry.transaction_completed_at ?? null,
  ];
  // Once the transaction completed (every claim returned) there is no step left to stand on.
  const current = entry.transaction_completed_at ? undefined : CURRENT_STEP[entry.status];
  const passed =
    current ??
    (entry.transaction_completed_at ? dates.length : dates.findLastIndex((date) => date !== null) + 1);
  const keys = Object.keys(STEP_LABELS) as TimelineStepKey[];
  const steps = keys.map((key, index): TimelineStep => {
    const state = index < passed ? "done" : index === current ? "current" : "todo";
    return { key, label: STEP_LABELS[key], state, date: state === "todo" ? null : dates[index]! };
  });
  return { steps, exception: exceptionOf(entry) };
}

function exceptionOf(entry: TimelineInput): TimelineException | null {
  if (entry.status === EntryStatus.inadequate) {
    return { kind: "inadequate", label: "書類に不備があります。内容をご確認のうえ、再提出してください。" };
  }
  if (entry.claims.some((claim) => claim.status === ClaimStatus.delay)) {
    return { kind: "delay", label: "ご返金が遅れている請求書があります。" };
  }
  if (entry.status === EntryStatus.archived && entry.cancelled_at && !entry.transaction_completed_at) {
    return { kind: "cancelled", label: "このお申し込みはキャンセルされました。" };
  }
  if (entry.status === EntryStatus.archived && entry.rejected_at && !entry.transaction_completed_at) {
    return { kind: "rejected", label: "審査の結果、買い取りできる請求書がありませんでした。" };
  }
  return null;
}
