// §2 The entry wizard's steps: their names, their order, their paths, and step detection by path.

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

/** Where a submitted entry lands (PRG): the complete page, told which entry to name. */
export const entryCompletePath = (entryId: number) => `${ENTRY_STEP_PATHS.complete}?entry=${entryId}`;

export const ENTRY_STEP_LABELS: Record<EntryStepName, string> = {
  submitInvoices: "請求書",
  submitFinancialStatements: "決算書類",
  submitWithdrawalsDetail: "入出金明細・振込先",
  submitProfile: "会員情報の確認",
  complete: "完了",
};

export type DetectedStep = "financial" | "invoice" | "withdrawal";

/**
 * §2 "Step detection by path: financial step is a path ending in entry (optional trailing slash);
 * invoice step is a path containing /entry/entry_invoice; withdrawal step is a path containing
 * /entry/withdrawal_details." "Ending in entry" is read as a last path segment `entry`: the
 * submitProfile step's /profile/before_entry ends in the letters "entry" too and is no financial step.
 */
export function stepOfPath(pathname: string): DetectedStep | null {
  if (pathname.includes("/entry/entry_invoice")) return "invoice";
  if (pathname.includes("/entry/withdrawal_details")) return "withdrawal";
  if (/(^|\/)entry\/?$/.test(pathname)) return "financial";
  return null;
}

/**
 * The wizard's page a path is (a step, or a resubmission's form, which follows a step's order): where
 * the error screen's 「最初からやり直す」 starts again, with what was saved. Null elsewhere (the complete
 * page too: nothing there to do again).
 */
export function wizardPageOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const step = ENTRY_STEPS.find((name) => name !== "complete" && ENTRY_STEP_PATHS[name] === path);
  if (step) return path;
  return /^\/entry\/resubmit\/\d+$/.test(path) ? path : null;
}

/** The step before this one, whose page 戻る leads to; null for the first. */
export function previousStep(step: EntryStepName): EntryStepName | null {
  const index = ENTRY_STEPS.indexOf(step);
  return index > 0 ? ENTRY_STEPS[index - 1]! : null;
}

export function stepIndex(step: EntryStepName): number {
  return ENTRY_STEPS.indexOf(step);
}

/** What a wizard step's page and rules read: the user, the saved draft with its files, the entries. */
export interface StepFacts {
  user: CurrentUser;
  draft: DraftEntry;
  files: readonly PendingFile[];
  entries: readonly EntrySummary[];
}
