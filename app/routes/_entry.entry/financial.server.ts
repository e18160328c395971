// The financial step's action: an upload or a delete from a slot, or the answers form (apply, save,
// next). The answers are saved in the draft first, whatever the intent; "next" then moves on only when
// the step is complete (§4/§5), otherwise the page comes back with the problems and a 422.

import { redirect } from "@remix-run/node";
import { formFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import type { DraftEntry } from "~/domain/draft-entry";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { WizardIntent } from "~/domain/wizard-intents";
import { TAX_RETURN_SUBMISSION_METHODS, type TaxReturnSubmissionMethod } from "~/domain/enumerations";
import { financialStepProblems, isFinancialKind, isFinancialStepComplete } from "~/domain/financial-step";
import { ErrorMessage } from "~/domain/messages";
import type { RequestContext } from "~/request/context.server";
import { loadPendingFiles, saveDraft } from "~/upstream/draft.server";
import { confirmedDocumentFacts } from "~/domain/entry-documents";
import { deleteUploadsQuietly } from "~/upstream/uploads.server";
import { requireEntryStep } from "~/request/entry-guard.server";
import { UpstreamValidationError } from "~/upstream/errors.server";
import { handleDeleteIntent, handleMultipartPost } from "~/forms/upload-actions.server";
import { readForm, isMultipartRequest } from "~/forms/read-form.server";
import { FINANCIAL_FORM_ID } from "./form";

const PAGE = ENTRY_STEP_PATHS.submitFinancialStatements;

type FinancialPatch = Pick<
  DraftEntry,
  "can_submit_financial_statements" | "tax_return_submissions" | "includes_sga_expenses"
>;

function flag(value: FormDataEntryValue | null): boolean | null {
  if (value === "true") return true;
  if (value === "false") return false;
  return null;
}

function taxMethod(value: FormDataEntryValue | null): TaxReturnSubmissionMethod | null {
  return (TAX_RETURN_SUBMISSION_METHODS as readonly unknown[]).includes(value)
    ? (value as TaxReturnSubmissionMethod)
    : null;
}

/** The step's own draft keys from the answers form; an unanswered question is null. */
export function financialPatchFrom(formData: FormData): FinancialPatch {
  return {
    can_submit_financial_statements: flag(formData.get("can_submit_financial_statements")),
    tax_return_submissions: taxMethod(formData.get("tax_return_submissions")),
    includes_sga_expenses: flag(formData.get("includes_sga_expenses")),
  };
}

/** The wizard rule: the answers are saved in the draft before anything else. */
async function saveAnswers(
  ctx: RequestContext,
  formData: FormData,
): Promise<{ draft: DraftEntry; failure: null } | { draft: null; failure: Response }> {
  try {
    return { draft: await saveDraft(ctx, financialPatchFrom(formData)), failure: null };
  } catch (error) {
    if (!(error instanceof UpstreamValidationError)) throw error;
    // §8 "Draft save error".
    const failure = formFailure({ [NON_FIELD_ERRORS]: ErrorMessage.draftSaveError }, formData, 400, {
      formId: FINANCIAL_FORM_ID,
    });
    return { draft: null, failure };
  }
}

export async function financialStepAction(ctx: RequestContext, request: Request) {
  // The guard read the pending files once; a draft save changes none of them.
  const guard = await requireEntryStep(ctx, "submitFinancialStatements");
  const { user, entries } = guard;
  let files = guard.files;

  // Multipart: a slot's own form (JavaScript on), or, without JavaScript, the answers form with the
  // files chosen in the slots (decision 0007): the answers are saved first, then the files are sent.
  let formData: FormData;
  if (isMultipartRequest(request)) {
    const outcome = await handleMultipartPost(ctx, request, {
      saveTyped: async (typed) => (await saveAnswers(ctx, typed)).failure,
      accepts: (kind, side) => isFinancialKind(kind) && side === undefined,
      // One file per document: a new upload replaces the one before it (the slot says 差し替える).
      afterUpload: async (uploaded) => {
        const replaced = files.filter((file) => file.kind === uploaded.kind && file.id !== uploaded.id);
        await deleteUploadsQuietly(
          ctx,
          replaced.map((file) => file.id),
        );
      },
      redirectTo: (fields) => `${PAGE}#${encodeURIComponent(`field-upload_${fields.kind}`)}`,
    });
    if ("response" in outcome) return outcome.response;
    formData = outcome.formData;
    if (outcome.uploaded > 0) files = await loadPendingFiles(ctx);
  } else {
    formData = await readForm(request);
  }

  const intent = String(formData.get("intent") ?? WizardIntent.saveDraft);
  if (intent === WizardIntent.delete) {
    return handleDeleteIntent(ctx, formData, { redirectTo: `${PAGE}#documents` });
  }

  const { draft, failure } = await saveAnswers(ctx, formData);
  if (!draft) return failure;

  if (intent === WizardIntent.back) return redirect(ENTRY_STEP_PATHS.submitInvoices);
  if (intent !== WizardIntent.next) return redirect(`${PAGE}?saved=1#documents`);
  const facts = confirmedDocumentFacts(user, entries, "financial_statements");
  if (isFinancialStepComplete(draft, user.corporate_division, files, facts)) {
    return redirect(ENTRY_STEP_PATHS.submitWithdrawalsDetail);
  }
  return formFailure(financialStepProblems(draft, user.corporate_division, files), formData, 422, {
    formId: FINANCIAL_FORM_ID,
  });
}
