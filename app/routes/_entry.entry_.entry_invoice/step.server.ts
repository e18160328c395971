// The invoice step's server half, through the wizard's step helper (decision 0010).

import { formatHolderName } from "~/domain/bank-account";
import type { DraftClaim } from "~/domain/draft-entry";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { claimUploadSlot, parseUploadKind } from "~/domain/file-kinds";
import { invoiceDraftProblems, invoiceStepProblems } from "~/domain/invoice-step";
import { ValidationMessage } from "~/domain/messages";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { type StepChange, defineWizardStep } from "~/forms/wizard-step.server";
import type { RequestContext } from "~/request/context.server";
import { updateDraft } from "~/upstream/draft.server";
import { MAX_HOLDER_NAMES } from "~/domain/upstream-limits";
import {
  INVOICE_FORM_ID,
  INVOICE_STEP_PATH,
  type InvoiceStepValues,
  SUGGESTIONS_PARAM,
  draftFromFormValues,
  emptyClaimValues,
  parseIntent,
  parseSuggestionChoice,
  readInvoiceForm,
  suggestionChoiceName,
} from "~/components/invoice-form";

function emptyClaim(): DraftClaim {
  return { contentfile_relations: [] };
}

/** Related in the draft as stored now, so uploads started together all end linked. */
async function relateUploadedFile(ctx: RequestContext, displayId: number, fileId: number) {
  await updateDraft(ctx, (stored) => {
    const claims = stored.claims.map((claim) => ({
      ...claim,
      contentfile_relations: [...claim.contentfile_relations],
    }));
    while (claims.length < displayId) claims.push(emptyClaim());
    // A retried upload answers the file its first try stored (decision 0022): related once.
    const relations = claims[displayId - 1]!.contentfile_relations;
    if (!relations.includes(fileId)) relations.push(fileId);
    return { claims };
  });
}

function unrelateFile(ctx: RequestContext, id: number) {
  return updateDraft(ctx, (stored) => {
    if (!stored.claims.some((claim) => claim.contentfile_relations.includes(id))) return null;
    const claims = stored.claims.map((claim) => ({
      ...claim,
      contentfile_relations: claim.contentfile_relations.filter((related) => related !== id),
    }));
    return { claims };
  });
}

const suggestionsOf = (index: number) =>
  `${INVOICE_STEP_PATH}?${SUGGESTIONS_PARAM}=${index + 1}#claim-${index + 1}-suggestions`;

/** The buttons that change the form's shape, and the corporate-number search, applied to what was typed. */
function changeClaims(
  intentValue: string,
  { values, relations }: InvoiceStepValues,
  formData: FormData,
): StepChange<InvoiceStepValues> | null {
  const intent = parseIntent(intentValue);
  const typed = { values, relations };
  switch (intent?.kind) {
    case "add_claim":
      if (values.claims.length >= MAX_CLAIMS_PER_ENTRY) {
        // §5 "Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。"
        return {
          values: typed,
          problems: { [NON_FIELD_ERRORS]: ValidationMessage.tooManyClaims },
          redirectTo: () => INVOICE_STEP_PATH,
        };
      }
      values.claims.push(emptyClaimValues());
      relations.push([]);
      return { values: typed, redirectTo: (saved) => `${INVOICE_STEP_PATH}#claim-${saved.claims.length}` };
    case "remove_claim": {
      if (values.claims.length <= 1 || intent.index >= values.claims.length) {
        return { values: typed, redirectTo: () => `${INVOICE_STEP_PATH}#claims` };
      }
      values.claims.splice(intent.index, 1);
      const removedFiles = relations.splice(intent.index, 1)[0] ?? [];
      return { values: typed, removedFiles, redirectTo: () => `${INVOICE_STEP_PATH}#claims` };
    }
    case "add_holder":
    case "remove_holder": {
      const claim = values.claims[intent.index];
      const back = () => `${INVOICE_STEP_PATH}#claim-${intent.index + 1}-holders`;
      if (!claim) return { values: typed, redirectTo: back };
      const holders = claim.receive_payment_account.obliger_accounts;
      if (intent.kind === "remove_holder") {
        holders.splice(intent.holder, 1);
        if (holders.length === 0) holders.push({ holder_name: "" });
        return { values: typed, redirectTo: back };
      }
      if (holders.length >= MAX_HOLDER_NAMES) {
        return {
          values: typed,
          problems: { [NON_FIELD_ERRORS]: `振込名義は${MAX_HOLDER_NAMES}件まで登録できます。` },
          redirectTo: back,
        };
      }
      holders.push({ holder_name: "" });
      // The new blank input must survive this save (blanks are otherwise unused inputs).
      const patch = draftFromFormValues(values, relations);
      patch.claims[intent.index]!.receive_payment_account!.obliger_accounts = holders.map((holder) => ({
        holder_name: formatHolderName(holder.holder_name),
      }));
      return { values: typed, patch, redirectTo: back };
    }
    case "search_houjinbangou":
      return {
        values: typed,
        lookupField: `claims[${intent.index}].obliger_company_name`,
        redirectTo: () => suggestionsOf(intent.index),
      };
    case "select_houjinbangou":
      // Pressed without choosing: the suggestions stay on screen.
      return {
        values: typed,
        redirectTo: () =>
          parseSuggestionChoice(formData.get(suggestionChoiceName(intent.index)))
            ? `${INVOICE_STEP_PATH}#claim-${intent.index + 1}`
            : suggestionsOf(intent.index),
      };
    default:
      return null;
  }
}

export const invoiceStep = defineWizardStep<InvoiceStepValues>({
  step: "submitInvoices",
  formId: INVOICE_FORM_ID,
  read: readInvoiceForm,
  patch: ({ values, relations }) => draftFromFormValues(values, relations),
  uploads: (ctx, { draft }) => ({
    accepts: (kind) => {
      const parsed = parseUploadKind(kind);
      return (
        parsed !== null &&
        (parsed.base === "invoice" || parsed.base === "additional_doc") &&
        parsed.displayId !== null &&
        parsed.displayId <= Math.max(1, Math.min(draft.claims.length, MAX_CLAIMS_PER_ENTRY))
      );
    },
    afterUpload: (file) => relateUploadedFile(ctx, parseUploadKind(file.kind)!.displayId!, file.id),
    slotOf: (kind, side) => {
      const parsed = parseUploadKind(kind);
      const base = parsed?.base === "invoice" || parsed?.base === "additional_doc" ? parsed.base : null;
      return base && parsed?.displayId && !side ? claimUploadSlot(base, parsed.displayId) : null;
    },
    redirectTo: (fields) => `${INVOICE_STEP_PATH}#upload-${fields.slot}`,
  }),
  deletion: {
    // Only a file this page lists (one of a claim's) is deleted from here.
    owns: (draft, id) => draft.claims.some((claim) => claim.contentfile_relations.includes(id)),
    afterDelete: unrelateFile,
  },
  change: changeClaims,
  problems: (saved, { files, paymentDates }) => invoiceStepProblems(saved, files, paymentDates),
  draftProblems: (saved, { paymentDates }) => invoiceDraftProblems(saved, paymentDates),
});
