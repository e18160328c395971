// §2 entry-step: §4 "may create a new entry" gates the wizard; skipping ahead lands on the first unfinished step.

import { redirect } from "@remix-run/node";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { ENTRY_STEP_PATHS, type EntryStepName, entryCompletePath, stepIndex } from "~/domain/entry-steps";
import { type NewEntryInput, newEntryBlockers } from "~/domain/new-entry";
import { firstUnfinishedStep } from "~/domain/wizard-progress";
import type { PaymentDateWindow } from "~/domain/invoice-step";
import { unfinishedStepNotice, withNotice } from "~/routing/propagated-errors";
import type { RequestContext } from "./context.server";
import { loadDraft, loadPendingFiles } from "~/upstream/draft.server";
import { type AuthenticatedUser, requireUser } from "./guards.server";
import {
  type EntryListItem,
  findSubmittedEntry,
  listEntries,
  loadEntryPermission,
} from "~/upstream/entries.server";
import { type SystemSettings, loadSystemSettings } from "~/upstream/settings.server";

export interface EntryStepState {
  user: AuthenticatedUser;
  settings: SystemSettings;
  draft: DraftEntry;
  files: PendingFile[];
  entries: EntryListItem[];
  firstUnfinished: EntryStepName;
  paymentDates: PaymentDateWindow;
}

/** What §4's "may create a new entry" reads, loaded one way for My page, the pre-entry result and the wizard. */
export async function loadNewEntryInput(ctx: RequestContext, user: AuthenticatedUser) {
  const [settings, entries, permission] = await Promise.all([
    loadSystemSettings(ctx),
    listEntries(ctx),
    loadEntryPermission(ctx),
  ]);
  const input: NewEntryInput = {
    user,
    entries,
    suppression: settings,
    hasEntryPermissionWhenDelayed: permission.has_entry_permission_when_delayed,
    now: ctx.now,
  };
  return { settings, entries, input };
}

/** `beforeRefusing` may answer the request itself (by throwing) before the guard sends the user away. */
export async function requireEntryStep(
  ctx: RequestContext,
  step: EntryStepName,
  /** The payment dates accepted today (japan-holidays.server.ts paymentDatesOn). */
  paymentDates: PaymentDateWindow,
  beforeRefusing: () => Promise<void> = async () => undefined,
): Promise<EntryStepState> {
  const user = await requireUser(ctx);
  const [{ settings, entries, input }, draft, files] = await Promise.all([
    loadNewEntryInput(ctx, user),
    loadDraft(ctx),
    loadPendingFiles(ctx),
  ]);
  if (newEntryBlockers(input).length > 0) {
    await beforeRefusing();
    throw redirect(withNotice("/mypage", "entry_blocked"));
  }
  const firstUnfinished = firstUnfinishedStep({ draft, files, user, entries, paymentDates });
  if (stepIndex(step) > stepIndex(firstUnfinished)) {
    await beforeRefusing();
    const notice = unfinishedStepNotice(firstUnfinished, user.corporate_division);
    throw redirect(withNotice(ENTRY_STEP_PATHS[firstUnfinished], notice));
  }
  return { user, settings, draft, files, entries, firstUnfinished, paymentDates };
}

// A second press without JavaScript lands on the entry the first made, not on §4's refusal (decision 0024).
export function requireEntrySubmit(
  ctx: RequestContext,
  idempotencyKey: string | null,
  paymentDates: PaymentDateWindow,
): Promise<EntryStepState> {
  return requireEntryStep(ctx, "submitProfile", paymentDates, async () => {
    const made = idempotencyKey === null ? null : await findSubmittedEntry(ctx, idempotencyKey);
    if (made) throw redirect(entryCompletePath(made.id));
  });
}
