// The withdrawal step's server half, through the wizard's step helper (decision 0010).

import { confirmedDocumentFacts } from "~/domain/entry-documents";
import { ENTRY_STEP_PATHS } from "~/domain/entry-steps";
import { parseUploadKind } from "~/domain/file-kinds";
import {
  MAX_STATEMENTS,
  STATEMENT_UPLOAD_KINDS,
  type StatementUploadKind,
  WithdrawalStepMessage,
  isWithdrawalStepComplete,
  withdrawalStepProblems,
} from "~/domain/withdrawal-step";
import { type StepChange, defineWizardStep } from "~/forms/wizard-step.server";
import { updateDraft } from "~/upstream/draft.server";
import {
  WITHDRAWAL_FORM_ID,
  type WithdrawalValues,
  emptyStatement,
  parseWithdrawalIntent,
  withdrawalValuesFrom,
} from "./form";

const PAGE = ENTRY_STEP_PATHS.submitWithdrawalsDetail;

function isStatementKind(base: string): base is StatementUploadKind {
  return (STATEMENT_UPLOAD_KINDS as readonly string[]).includes(base);
}

/** 口座を追加する, 削除する and a statement's own 保存, applied to what was typed. */
function changeStatements(intent: string, values: WithdrawalValues): StepChange<WithdrawalValues> | null {
  const parsed = parseWithdrawalIntent(intent);
  if (!parsed) return null;
  const banks = [...values.banks];
  switch (parsed.kind) {
    case "add_bank":
      if (banks.length >= MAX_STATEMENTS) {
        return {
          values,
          problems: { banks: WithdrawalStepMessage.tooManyStatements },
          redirectTo: () => PAGE,
        };
      }
      banks.push(emptyStatement());
      return { values: { ...values, banks }, redirectTo: () => `${PAGE}#bank-${banks.length}` };
    case "remove_bank": {
      const [removed] = parsed.index < banks.length ? banks.splice(parsed.index, 1) : [];
      return {
        values: { ...values, banks },
        // The statement's files go with it: nothing else would ever send them.
        removedFiles: removed?.contentfile_relations ?? [],
        redirectTo: () => `${PAGE}#statements`,
      };
    }
    case "save_bank":
      return { values, redirectTo: () => `${PAGE}?saved=1#bank-${parsed.index + 1}` };
  }
}

export const withdrawalStep = defineWizardStep<WithdrawalValues>({
  step: "submitWithdrawalsDetail",
  formId: WITHDRAWAL_FORM_ID,
  read: (formData, stored) => ({ values: withdrawalValuesFrom(formData, stored.banks), problems: {} }),
  patch: (values) => ({ banks: values.banks, bank_account: values.bank_account }),
  uploads: (ctx, { draft }) => ({
    accepts: (kind, side) => {
      const parsed = parseUploadKind(kind);
      // The page always shows statement 1, so it may receive files before the draft holds it.
      const shown = Math.max(draft.banks.length, 1);
      return (
        side === undefined &&
        parsed !== null &&
        isStatementKind(parsed.base) &&
        parsed.displayId !== null &&
        parsed.displayId <= shown
      );
    },
    // Each file joins its statement's list (decision 0035), as stored now, so uploads at once all link.
    afterUpload: async (uploaded) => {
      const index = parseUploadKind(uploaded.kind)!.displayId! - 1;
      await updateDraft(ctx, (stored) => {
        const banks = stored.banks.map((bank) => ({ ...bank }));
        while (banks.length <= index) banks.push(emptyStatement());
        const bank = banks[index]!;
        // A retried upload answers the file its first try stored (decision 0022): related once.
        if (bank.contentfile_relations.includes(uploaded.id)) return null;
        bank.contentfile_relations = [...bank.contentfile_relations, uploaded.id];
        return { banks };
      });
    },
    redirectTo: (fields) => `${PAGE}#bank-${parseUploadKind(fields.kind)?.displayId ?? 1}`,
  }),
  deletion: {
    anchor: "#statements",
    afterDelete: (ctx, id) =>
      updateDraft(ctx, (stored) => {
        if (!stored.banks.some((bank) => bank.contentfile_relations.includes(id))) return null;
        const banks = stored.banks.map((bank) => ({
          ...bank,
          contentfile_relations: bank.contentfile_relations.filter((related) => related !== id),
        }));
        return { banks };
      }),
  },
  change: changeStatements,
  problems: (saved, { user, entries, files }) => {
    const facts = confirmedDocumentFacts(user, entries, "withdrawals_detail");
    return isWithdrawalStepComplete(saved.banks, saved.bank_account, files, facts)
      ? {}
      : withdrawalStepProblems(saved.banks, saved.bank_account, files);
  },
});
