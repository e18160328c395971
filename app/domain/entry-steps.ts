// §2 The entry wizard's steps: names, order, paths, and step detection by path.

import { businessWords } from "./business-types";
import type { DraftEntry, PendingFile } from "./draft-entry";
import type { EntrySummary } from "./new-entry";
import type { CurrentUser } from "./user";

export const ENTRY_STEPS = [
  "submitInvoices",
  "submitFinancialStatements",
  "submitWithdrawalsDetail",
  "submitProfile",
  "complete",
] as const;
export type EntryStepName = (typeof ENTRY_STEPS)[number];

export const ENTRY_STEP_PATHS: Record<EntryStepName, string> = {
  submitInvoices: "/entry/entry_invoice",
  submitFinancialStatements: "/entry",
  submitWithdrawalsDetail: "/entry/withdrawal_details",
  submitProfile: "/profile/before_entry",
  complete: "/entry/complete",
};

export const entryCompletePath = (entryId: number) => `${ENTRY_STEP_PATHS.complete}?entry=${entryId}`;

/** The steps' names as the owner reads them: a sole proprietor's second step is the 確定申告書. */
export function entryStepLabels(division: unknown): Record<EntryStepName, string> {
  return {
    submitInvoices: "請求書",
    submitFinancialStatements: businessWords(division).financialDocuments,
    submitWithdrawalsDetail: "入出金明細・振込先",
    submitProfile: "会員情報の確認",
    complete: "完了",
  };
}

export type DetectedStep = "financial" | "invoice" | "withdrawal";

/** §2 step detection by path. "Ending in entry" is a last segment `entry`: /profile/before_entry is not one. */
export function stepOfPath(pathname: string): DetectedStep | null {
  if (pathname.includes("/entry/entry_invoice")) return "invoice";
  if (pathname.includes("/entry/withdrawal_details")) return "withdrawal";
  if (/(^|\/)entry\/?$/.test(pathname)) return "financial";
  return null;
}

/** Where the error screen's 「最初からやり直す」 starts again. Null elsewhere (and on the complete page). */
export function wizardPageOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const step = ENTRY_STEPS.find((name) => name !== "complete" && ENTRY_STEP_PATHS[name] === path);
  if (step) return path;
  return /^\/entry\/resubmit\/\d+$/.test(path) ? path : null;
}

export function previousStep(step: EntryStepName): EntryStepName | null {
  const index = ENTRY_STEPS.indexOf(step);
  return index > 0 ? ENTRY_STEPS[index - 1]! : null;
}

export function stepIndex(step: EntryStepName): number {
  return ENTRY_STEPS.indexOf(step);
}

export interface StepFacts {
  user: CurrentUser;
  draft: DraftEntry;
  files: readonly PendingFile[];
  entries: readonly EntrySummary[];
}
