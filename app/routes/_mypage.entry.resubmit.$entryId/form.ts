// The resubmission's form (decision 0011): the inadequate claims' fields on the invoice step's paths
// (claims[n], n the claim's position in the entry). Pure.

import { integerFrom } from "~/domain/entry-body";
import { EMPTY_DRAFT } from "~/domain/draft-entry";
import { uploadFieldName } from "~/domain/file-kinds";
import { fieldNames } from "~/domain/form-fields";
import { CLAIM_FIELDS, CLAIM_FIELD_LABELS, resubmittedClaimProblems } from "~/domain/invoice-step";
import { paymentDatesOn } from "~/lookup/japan-holidays.server";
import { isClaimEditable } from "~/domain/resubmission";
import type { EntryDetail } from "~/upstream/entries.server";
import {
  type ClaimFormValues,
  claimForDraft,
  claimValuesFromDraft,
  readInvoiceForm,
} from "~/components/invoice-form";
import { entryPaths } from "~/routing/entry-paths";

export const RESUBMIT_FORM_ID = "resubmit-form";
/** The one button that sends the resubmission (the page's other posts are uploads and searches). */
export const RESUBMIT_INTENT = "resubmit";
/** One more statement account on the page (its files then keep it there). */
export const ADD_STATEMENT_INTENT = "add_statement";
/** Without JavaScript, shows the slots of the formats chosen; nothing is sent. */
export const SHOW_FORMAT_INTENT = "show_statement_format";
/** How many statement accounts the page shows, carried by the form across its posts. */
export const STATEMENT_COUNT_FIELD = "statement_count";

export const resubmitPath = (id: number | string) => `/entry/resubmit/${id}`;
/** Where a resubmission lands: the entry's detail, which says it was received. */
export const resubmittedPath = (id: number | string) => `${entryPaths.detail(id)}?resubmitted=1`;

type EntryClaim = EntryDetail["claims"][number];

/** The claim as the operator saw it, as the invoice step's fields show it (amounts as 1,100,000). */
export function claimValuesFromEntry(claim: EntryClaim): ClaimFormValues {
  const amount = (value: EntryClaim["amount"]) => {
    const parsed = integerFrom(value ?? null);
    return typeof parsed === "number" ? parsed : (parsed ?? null);
  };
  return claimValuesFromDraft({
    obliger_company_name: claim.obliger_company_name ?? null,
    houjinbangou: claim.houjinbangou ?? null,
    houjinbangou_address: claim.houjinbangou_address ?? null,
    amount: amount(claim.amount),
    scheduled_deposit_amount_from_obliger: amount(claim.scheduled_deposit_amount_from_obliger),
    obliger_payment_date: claim.obliger_payment_date ?? null,
    is_fixed_debt: claim.is_fixed_debt ?? null,
    is_bank_transfer_from_obliger: claim.is_bank_transfer_from_obliger ?? null,
    contentfile_relations: [],
  });
}

/** The positions (0-based) of the claims a resubmission may change. */
export function editableIndexes(entry: Pick<EntryDetail, "claims">): number[] {
  return entry.claims.flatMap((claim, index) => (isClaimEditable(claim) ? [index] : []));
}

/**
 * What was typed for the editable claims (a chosen corporate-number suggestion applied, as on the
 * invoice step), by position, and what is wrong in it by §5's resubmission rules. Fields of any other
 * claim in the body are not read: only what is inadequate can change.
 */
export function readResubmission(formData: FormData, entry: Pick<EntryDetail, "claims">, now: Date) {
  const { values } = readInvoiceForm(formData, EMPTY_DRAFT);
  const typed = new Map<number, ClaimFormValues>();
  const problems: Record<string, string> = {};
  for (const index of editableIndexes(entry)) {
    const claim = values.values.claims[index] ?? claimValuesFromEntry(entry.claims[index]!);
    typed.set(index, claim);
    Object.assign(problems, resubmittedClaimProblems(claimForDraft(claim, []), index, paymentDatesOn(now)));
  }
  return { typed, problems };
}

/**
 * A claim's fields as §7 POST /api/entries/{id}/review/ takes them; the receive-payment account is not
 * sent (§5 "Resubmit skips bank checks": the upstream neither checks nor changes it).
 */
export function reviewClaimFields(values: ClaimFormValues): Record<string, unknown> {
  const claim = claimForDraft(values, []);
  return {
    obliger_company_name: claim.obliger_company_name ?? "",
    houjinbangou: claim.houjinbangou ?? "",
    houjinbangou_address: claim.houjinbangou_address ?? "",
    amount: integerFrom(claim.amount ?? null),
    scheduled_deposit_amount_from_obliger: integerFrom(claim.scheduled_deposit_amount_from_obliger ?? null),
    obliger_payment_date: claim.obliger_payment_date ?? "",
    is_fixed_debt: claim.is_fixed_debt ?? null,
    is_bank_transfer_from_obliger: claim.is_bank_transfer_from_obliger ?? null,
  };
}

/** The claim fields a resubmission shows (the account is shown, not asked). */
const EDITABLE_FIELDS = fieldNames(CLAIM_FIELDS);

/** The field names the form shows for the claim at `index`. */
export const claimFieldNames = (index: number) => EDITABLE_FIELDS.map((field) => `claims[${index}].${field}`);

/**
 * The summary's words for each field: 「請求書2 請求書額面（税込・円）」, and for each upload slot its
 * label (the slot's own, given by the view model).
 */
export function resubmissionLabels(
  indexes: readonly number[],
  slotLabels: readonly { slot: string; label: string }[],
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const index of indexes) {
    for (const field of EDITABLE_FIELDS) {
      labels[`claims[${index}].${field}`] = `請求書${index + 1} ${CLAIM_FIELD_LABELS[field]}`;
    }
  }
  for (const { slot, label } of slotLabels) labels[uploadFieldName(slot)] = label;
  return labels;
}
