// The one shape of an entry-wizard step's action, and the order every step runs (decision 0010);
// a step declares only what differs.

import { redirect } from "@remix-run/node";
import type { DraftEntry } from "~/domain/draft-entry";
import {
  ENTRY_STEP_PATHS,
  type EntryStepName,
  ENTRY_STEPS,
  previousStep,
  stepIndex,
} from "~/domain/entry-steps";
import { ErrorMessage } from "~/domain/error-messages";
import { WizardIntent } from "~/domain/wizard-intents";
import { applyPickedNames, isPickerSelect } from "~/forms/bank-picker";
import { answerPickerSearch, bankFieldOf, pickerSearchPath } from "~/forms/bank-picker.server";
import { formFailure, serverFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { isUploadPost, readForm } from "~/forms/read-form.server";
import {
  type UploadIntentOptions,
  deleteFailure,
  handleDeleteIntent,
  handleUploadPost,
} from "~/forms/upload-actions.server";
import { type FormWork, keepTypedThroughLogin } from "~/forms/session-resume.server";
import { typedByToken } from "~/forms/typist.server";
import type { RequestContext } from "~/request/context.server";
import { type EntryStepState, requireEntryStep } from "~/request/entry-guard.server";
import { paymentDatesOn } from "~/lookup/japan-holidays.server";
import { limitLookup, refusalHeaders } from "~/request/lookup-limit.server";
import { loadDraft, loadPendingFiles, saveDraft } from "~/upstream/draft.server";
import { whenRefused } from "~/upstream/errors.server";
import { deleteUploadsQuietly } from "~/upstream/uploads.server";

export type FieldProblems = Record<string, string>;

/** What was typed, read by the step's form module, with what is wrong in it already (kept, said). */
export interface TypedStep<Values> {
  values: Values;
  problems: FieldProblems;
}

/** A step's own button (add or remove a claim, a statement, a holder name). */
export interface StepChange<Values> {
  values: Values;
  /** Said at their fields after the save (nothing typed is lost): a sixth claim, say. */
  problems?: FieldProblems;
  /** The patch to save when it is not the form module's for `values` (a blank input to keep). */
  patch?: Partial<DraftEntry>;
  /** Uploads that went with what was removed: deleted once the draft no longer names them. */
  removedFiles?: readonly number[];
  /** The field whose search this button asks (法人番号を検索): counted by the look-up limits, said there. */
  lookupField?: string;
  /** Where the page comes back to once saved. */
  redirectTo(saved: DraftEntry): string;
}

export interface WizardStepDefinition<Values> {
  /** §2: the step this page is (its guard, its path, the steps before and after it). */
  step: EntryStepName;
  formId: string;
  /** The form module: what was typed, the stored draft giving what the form never carries (file ids). */
  read(formData: FormData, stored: DraftEntry): TypedStep<Values>;
  /** The form module: the draft keys the step saves for what was typed. */
  patch(values: Values): Partial<DraftEntry>;
  uploads(ctx: RequestContext, state: EntryStepState): Omit<UploadIntentOptions, "saveTyped" | "keepTyped">;
  /** 削除する: whether the file is one this page lists, and what to tidy in the draft after. */
  deletion: {
    anchor?: string;
    owns?(draft: DraftEntry, fileId: number): boolean;
    afterDelete?(ctx: RequestContext, fileId: number): Promise<unknown>;
  };
  /** The step's own buttons (any intent besides the four of WizardIntent); null for none of them. */
  change?(intent: string, values: Values, formData: FormData): StepChange<Values> | null;
  /** §4/§5: what keeps 次へ from moving on, given the draft as saved; empty when the step is complete. */
  problems(saved: DraftEntry, state: EntryStepState): FieldProblems;
  /** What is wrong in the saved draft, said on 下書き保存 instead of 「保存しました」. */
  draftProblems?(saved: DraftEntry, state: EntryStepState): FieldProblems;
  savedAnchor?: string;
}

export interface WizardStep {
  /** §2 the entry layout's guards, for the loader. */
  guard(ctx: RequestContext): Promise<EntryStepState>;
  action(ctx: RequestContext, request: Request): Promise<Response>;
}

type KeepTyped = Parameters<FormWork>[1];

/** What every step's page carries besides its view: who types (decision 0027) and their division. */
export function stepPageFacts(ctx: RequestContext, state: EntryStepState) {
  return { typedBy: typedByToken(state.user.id, ctx.now), division: state.user.corporate_division ?? null };
}

const hasProblems = (problems: FieldProblems) => Object.keys(problems).length > 0;

/** Declares a step once; its route's loader and action call what this answers. */
export function defineWizardStep<Values>(definition: WizardStepDefinition<Values>): WizardStep {
  const path = ENTRY_STEP_PATHS[definition.step];
  const nextStep = ENTRY_STEPS[stepIndex(definition.step) + 1]!;
  const before = previousStep(definition.step);
  const guard = (ctx: RequestContext) => requireEntryStep(ctx, definition.step, paymentDatesOn(ctx.now));
  const failure = (
    problems: FieldProblems,
    sent: FormData,
    status: number,
    headers?: Record<string, string>,
  ) => formFailure(problems, sent, status, { formId: definition.formId, headers });

  /** The wizard rule: what was typed is saved before anything else; §8 when the upstream refuses it. */
  async function save(
    ctx: RequestContext,
    patch: Partial<DraftEntry>,
    sent: FormData,
    problems: FieldProblems,
  ): Promise<{ saved: DraftEntry } | { refused: Response }> {
    try {
      return await whenRefused(
        async () => ({ saved: await saveDraft(ctx, patch) }),
        // §8 "Draft save error", or the upstream's own word for the form as a whole when it has one.
        (error) => {
          const message = error.nonFieldErrors[0] ?? ErrorMessage.draftSaveError;
          return { refused: failure({ ...problems, [NON_FIELD_ERRORS]: message }, sent, 400) };
        },
      );
    } catch (error) {
      // The upstream failed on its side (5xx, no answer in time): said above the form as typed.
      const failed = serverFailure(error, sent, definition.formId);
      if (failed) return { refused: failed };
      throw error;
    }
  }

  async function action(ctx: RequestContext, request: Request, keep: KeepTyped): Promise<Response> {
    const state = await guard(ctx);
    let { draft, files } = state;

    // A streamed file (decision 0016), or the step's form with its chosen files, typing saved first (0007).
    let formData: FormData;
    if (isUploadPost(request)) {
      const outcome = await handleUploadPost(ctx, request, {
        ...definition.uploads(ctx, state),
        saveTyped: async (typed) => {
          keep(typed);
          const { values, problems } = definition.read(applyPickedNames(typed), draft);
          const saving = await save(ctx, definition.patch(values), typed, problems);
          return "refused" in saving ? saving.refused : null;
        },
      });
      if ("response" in outcome) return outcome.response;
      formData = outcome.formData;
      if (outcome.uploaded > 0) [draft, files] = await Promise.all([loadDraft(ctx), loadPendingFiles(ctx)]);
    } else {
      formData = await readForm(request);
    }

    keep(formData);
    // A bank or branch chosen from a search's matches (no JavaScript) fills its field, on any post.
    formData = applyPickedNames(formData);
    const intent = String(formData.get("intent") ?? WizardIntent.saveDraft);
    if (intent === WizardIntent.delete) {
      const { anchor = "", owns, afterDelete } = definition.deletion;
      if (owns && !owns(draft, Number(formData.get("file_id")))) return deleteFailure();
      return handleDeleteIntent(ctx, formData, {
        redirectTo: `${path}${anchor}`,
        afterDelete: afterDelete && (async (id) => void (await afterDelete(ctx, id))),
      });
    }

    const typed = definition.read(formData, draft);
    const change = definition.change?.(intent, typed.values, formData) ?? null;
    const problems = { ...typed.problems, ...change?.problems };
    const patch = change?.patch ?? definition.patch(change?.values ?? typed.values);
    const saving = await save(ctx, patch, formData, problems);
    if ("refused" in saving) return saving.refused;
    const { saved } = saving;
    if (change?.removedFiles?.length) await deleteUploadsQuietly(ctx, change.removedFiles);
    // 「金融機関を検索」「支店を検索」 without JavaScript: saved, then back with the matches (PRG), or
    // what keeps the search from answering at the field (decision 0013).
    const picker = answerPickerSearch(formData);
    if (picker && "problem" in picker) problems[picker.field] = picker.problem;
    // A search past the look-up limits (decision 0023): saved all the same, the refusal at its field.
    const lookupField = picker?.field ?? change?.lookupField;
    const refused = lookupField ? await limitLookup(ctx) : null;
    if (lookupField && refused) {
      return failure({ ...problems, [lookupField]: refused.message }, formData, 429, refusalHeaders(refused));
    }
    if (hasProblems(problems)) return failure(problems, formData, 422);
    if (isPickerSelect(formData.getAll("intent"))) {
      // 「この金融機関を選択」: saved with the choice in its field; back to the page, not 「保存しました」.
      return redirect(path);
    }
    if (picker && "search" in picker) {
      return redirect(
        pickerSearchPath(path, picker.search, String(formData.get(bankFieldOf(picker.field)) ?? "")),
      );
    }

    if (change) return redirect(change.redirectTo(saved));
    if (intent === WizardIntent.back && before) return redirect(ENTRY_STEP_PATHS[before]);
    if (intent === WizardIntent.next) {
      const stepProblems = definition.problems(saved, { ...state, draft: saved, files });
      if (hasProblems(stepProblems)) return failure(stepProblems, formData, 422);
      return redirect(ENTRY_STEP_PATHS[nextStep]);
    }
    // 下書き保存: saved as typed; what is wrong in it is said at its field.
    const wrong = definition.draftProblems?.(saved, state) ?? {};
    if (hasProblems(wrong)) {
      return failure({ ...wrong, [NON_FIELD_ERRORS]: ErrorMessage.draftSaveError }, formData, 422);
    }
    return redirect(`${path}?saved=1${definition.savedAnchor ?? ""}`);
  }

  return {
    guard,
    // An ended session keeps what was typed: a login in place, then the save (decision 0027).
    action: (ctx, request) =>
      keepTypedThroughLogin(
        ctx,
        request,
        { afterLogin: "save", intent: WizardIntent.saveDraft },
        (post, keep) => action(ctx, post, keep),
      ),
  };
}
