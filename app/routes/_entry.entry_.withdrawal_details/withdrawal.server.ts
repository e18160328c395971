// The withdrawal step's action: an upload or a delete from a statement's slot, or the step's form
// (add or remove a statement, save, next). The typed values are saved in the draft first, whatever
// the intent; "next" then moves on only when the step is complete (§4), otherwise the page comes
// back with the problems and a 422.

import { redirect } from "@remix-run/node";
import { formFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { formatHolderName, normalizeBankAccountNumber } from "~/domain/bank-account";
import type { DraftBank, DraftBankAccount, DraftEntry } from "~/domain/draft-entry";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { WizardIntent } from "~/domain/wizard-intents";
import { parseUploadKind } from "~/domain/file-kinds";
import { ErrorMessage } from "~/domain/messages";
import {
  MAX_STATEMENTS,
  STATEMENT_UPLOAD_KINDS,
  type StatementUploadKind,
  WithdrawalStepMessage,
  effectiveFileFormat,
  isWithdrawalStepComplete,
  statementField,
  statementFilesOf,
  withdrawalStepProblems,
} from "~/domain/withdrawal-step";
import type { RequestContext } from "~/request/context.server";
import { loadDraft, loadPendingFiles, saveDraft, updateDraft } from "~/upstream/draft.server";
import { confirmedDocumentFacts } from "~/domain/entry-documents";
import { deleteUploadsQuietly } from "~/upstream/uploads.server";
import { requireEntryStep } from "~/request/entry-guard.server";
import { UpstreamValidationError } from "~/upstream/errors.server";
import { handleDeleteIntent, handleMultipartPost } from "~/forms/upload-actions.server";
import { readForm, isMultipartRequest } from "~/forms/read-form.server";
import { WITHDRAWAL_FORM_ID } from "./form";

const PAGE = ENTRY_STEP_PATHS.submitWithdrawalsDetail;

export const emptyStatement = (): DraftBank => ({
  bank_name: "",
  bank_account_number: "",
  file_format: "passbook",
  contentfile_relations: [],
});

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** An account number as people type it, normalised (full-width, spaces, hyphens); §5 checks the rest. */
const digits = (formData: FormData, name: string) => normalizeBankAccountNumber(text(formData, name));

/**
 * The statements as posted, in order, with each one's files taken from the stored draft (the form
 * never carries upload ids). A POST without statement fields keeps the stored ones.
 */
export function statementsFrom(formData: FormData, stored: readonly DraftBank[]): DraftBank[] {
  if (!formData.has(statementField(0, "bank_name"))) return stored.map((bank) => ({ ...bank }));
  const banks: DraftBank[] = [];
  for (
    let index = 0;
    index < MAX_STATEMENTS && formData.has(statementField(index, "bank_name"));
    index += 1
  ) {
    banks.push({
      bank_name: text(formData, statementField(index, "bank_name")),
      bank_account_number: digits(formData, statementField(index, "bank_account_number")),
      file_format: effectiveFileFormat(text(formData, statementField(index, "file_format"))),
      contentfile_relations: [...(stored[index]?.contentfile_relations ?? [])],
    });
  }
  return banks;
}

/** The payout account as posted; the holder name formatted as it will be sent (§7). */
export function bankAccountFrom(formData: FormData): DraftBankAccount {
  const depositType = text(formData, "bank_account.deposit_type");
  const holder = text(formData, "bank_account.account_holder_name");
  return {
    bank_name: text(formData, "bank_account.bank_name"),
    branch_name: text(formData, "bank_account.branch_name"),
    deposit_type: depositType === "ordinary" || depositType === "checking" ? depositType : null,
    bank_account_number: digits(formData, "bank_account.bank_account_number"),
    account_holder_name: holder ? formatHolderName(holder) : "",
  };
}

function isStatementKind(base: string): base is StatementUploadKind {
  return (STATEMENT_UPLOAD_KINDS as readonly string[]).includes(base);
}

async function saveOrFail(ctx: RequestContext, patch: Partial<DraftEntry>, sent: FormData) {
  try {
    return { draft: await saveDraft(ctx, patch), failure: null };
  } catch (error) {
    if (!(error instanceof UpstreamValidationError)) throw error;
    // §8 "Draft save error".
    const failure = formFailure({ [NON_FIELD_ERRORS]: ErrorMessage.draftSaveError }, sent, 400, {
      formId: WITHDRAWAL_FORM_ID,
    });
    return { draft: null, failure };
  }
}

export async function withdrawalStepAction(ctx: RequestContext, request: Request) {
  // The guard read the pending files once; a draft save changes none of them.
  const guard = await requireEntryStep(ctx, "submitWithdrawalsDetail");
  const { user, entries } = guard;
  let { draft, files } = guard;

  // Multipart: a slot's own form (JavaScript on), or, without JavaScript, the step's form with the
  // files chosen in its slots (decision 0007): what was typed is saved first, and each file then
  // joins its statement as saved.
  let formData: FormData;
  if (isMultipartRequest(request)) {
    const outcome = await handleMultipartPost(ctx, request, {
      saveTyped: async (typed) => {
        const stored = await loadDraft(ctx);
        const saving = await saveOrFail(
          ctx,
          { banks: statementsFrom(typed, stored.banks), bank_account: bankAccountFrom(typed) },
          typed,
        );
        return saving.failure;
      },
      accepts: async (kind, side) => {
        const parsed = parseUploadKind(kind);
        // The page always shows at least one statement, so statement 1 may receive files before
        // the draft holds any statement.
        const shown = Math.max((await loadDraft(ctx)).banks.length, 1);
        return (
          side === undefined &&
          parsed !== null &&
          isStatementKind(parsed.base) &&
          parsed.displayId !== null &&
          parsed.displayId <= shown
        );
      },
      // The upload id goes into the statement's contentfile_relations; an earlier file of the same
      // slot is replaced (the slot says 差し替える).
      afterUpload: async (uploaded) => {
        // As stored now, so uploads started together all end linked (issue 15).
        const parsed = parseUploadKind(uploaded.kind)!;
        const index = parsed.displayId! - 1;
        let replaced: number[] = [];
        await updateDraft(ctx, (stored) => {
          const banks = stored.banks.map((bank) => ({ ...bank }));
          while (banks.length <= index) banks.push(emptyStatement());
          const bank = banks[index]!;
          replaced = statementFilesOf(bank, parsed.base as StatementUploadKind, files).map((file) => file.id);
          bank.contentfile_relations = [
            ...bank.contentfile_relations.filter((id) => !replaced.includes(id)),
            uploaded.id,
          ];
          return { banks };
        });
        await deleteUploadsQuietly(ctx, replaced);
      },
      redirectTo: (fields) => {
        const displayId = parseUploadKind(fields.kind)?.displayId ?? 1;
        return `${PAGE}#bank-${displayId}`;
      },
    });
    if ("response" in outcome) return outcome.response;
    formData = outcome.formData;
    if (outcome.uploaded > 0) [draft, files] = [await loadDraft(ctx), await loadPendingFiles(ctx)];
  } else {
    formData = await readForm(request);
  }

  const intent = String(formData.get("intent") ?? WizardIntent.saveDraft);
  if (intent === WizardIntent.delete) {
    return handleDeleteIntent(ctx, formData, {
      redirectTo: `${PAGE}#statements`,
      afterDelete: async (id) => {
        await updateDraft(ctx, (stored) => {
          if (!stored.banks.some((bank) => bank.contentfile_relations.includes(id))) return null;
          const banks = stored.banks.map((bank) => ({
            ...bank,
            contentfile_relations: bank.contentfile_relations.filter((related) => related !== id),
          }));
          return { banks };
        });
      },
    });
  }

  const banks = statementsFrom(formData, draft.banks);
  const bankAccount = bankAccountFrom(formData);

  if (intent === "add_bank") {
    if (banks.length >= MAX_STATEMENTS) {
      const { failure } = await saveOrFail(ctx, { banks, bank_account: bankAccount }, formData);
      return (
        failure ??
        formFailure({ banks: WithdrawalStepMessage.tooManyStatements }, formData, 422, {
          formId: WITHDRAWAL_FORM_ID,
        })
      );
    }
    banks.push(emptyStatement());
    const { failure } = await saveOrFail(ctx, { banks, bank_account: bankAccount }, formData);
    return failure ?? redirect(`${PAGE}#bank-${banks.length}`);
  }

  const removal = /^remove_bank:(\d{1,2})$/.exec(intent);
  if (removal) {
    const index = Number(removal[1]);
    const [removed] = index < banks.length ? banks.splice(index, 1) : [];
    const { failure } = await saveOrFail(ctx, { banks, bank_account: bankAccount }, formData);
    if (failure) return failure;
    // The statement's files go with it: nothing else would ever send them.
    if (removed) await deleteUploadsQuietly(ctx, removed.contentfile_relations);
    return redirect(`${PAGE}#statements`);
  }

  const { draft: saved, failure } = await saveOrFail(ctx, { banks, bank_account: bankAccount }, formData);
  if (failure || !saved) return failure;

  const savedStatement = /^save_bank:(\d{1,2})$/.exec(intent);
  if (savedStatement) return redirect(`${PAGE}?saved=1#bank-${Number(savedStatement[1]) + 1}`);
  if (intent === WizardIntent.back) return redirect(ENTRY_STEP_PATHS.submitFinancialStatements);
  if (intent !== WizardIntent.next) return redirect(`${PAGE}?saved=1`);
  const facts = confirmedDocumentFacts(user, entries, "withdrawals_detail");
  if (isWithdrawalStepComplete(saved.banks, saved.bank_account, files, facts)) {
    return redirect(ENTRY_STEP_PATHS.submitProfile);
  }
  return formFailure(withdrawalStepProblems(saved.banks, saved.bank_account, files), formData, 422, {
    formId: WITHDRAWAL_FORM_ID,
  });
}
