// §3 Entry and Claim as the API answers them: every field of §3, statuses as the numbers of §4,
// booleans as booleans, files as §3 Uploaded file objects.

import { parseUploadKind } from "../../app/domain/file-kinds";
import type { Db } from "../db/database";
import { serializeUpload } from "../uploads-store";
import { parseJson } from "../users";
import type { StatementAccountInput } from "./account-input";
import { type ClaimRow, type EntryRow, claimsOfEntry, filesOf } from "./rows";

const bool = (value: number | null) => (value === null ? null : value === 1);

export interface ReceivePaymentAccount {
  bank_name: string;
  deposit_type: string;
  bank_account_number: string;
  obliger_accounts: { holder_name: string }[];
}

export function serializeClaim(db: Db, claim: ClaimRow) {
  const contentfiles = filesOf(db, claim.entry_id, claim.id).map(serializeUpload);
  return {
    id: claim.id,
    displayId: claim.position,
    code: claim.code,
    status: claim.status,
    invoice_confirmation_status: claim.invoice_confirmation_status,
    additional_doc_confirmation_status: claim.additional_doc_confirmation_status,
    obliger_company_name: claim.obliger_company_name,
    houjinbangou: claim.houjinbangou,
    houjinbangou_address: claim.houjinbangou_address,
    amount: claim.amount,
    scheduled_deposit_amount_from_obliger: claim.scheduled_deposit_amount_from_obliger,
    purchase_principal_amount: claim.purchase_principal_amount,
    purchase_amount: claim.purchase_amount,
    purchase_ratio: claim.purchase_ratio,
    purchase_fee: claim.purchase_fee,
    purchase_fee_ratio: claim.purchase_fee_ratio,
    bank_charge: claim.bank_charge,
    obliger_payment_date: claim.obliger_payment_date,
    is_fixed_debt: bool(claim.is_fixed_debt),
    is_bank_transfer_from_obliger: bool(claim.is_bank_transfer_from_obliger),
    receive_payment_account: parseJson<ReceivePaymentAccount | null>(claim.receive_payment_account, null),
    inadequate_reason: claim.inadequate_reason,
    return_date: claim.return_date,
    returned_at: claim.returned_at,
    cancelled_at: claim.cancelled_at,
    created_at: claim.created_at,
    updated_at: claim.updated_at,
    entry: claim.entry_id,
    contentfiles,
    metadata: parseJson<Record<string, unknown>>(claim.metadata, {}),
    // §3 "includesAdditionalDoc flag": whether an additional document is among the claim's files.
    includesAdditionalDoc: contentfiles.some((file) => parseUploadKind(file.kind)?.base === "additional_doc"),
  };
}

export function serializeEntry(db: Db, entry: EntryRow) {
  return {
    id: entry.id,
    code: entry.code,
    status: entry.status,
    account_activity_statement_confirmation_status: entry.account_activity_statement_confirmation_status,
    financial_statement_confirmation_status: entry.financial_statement_confirmation_status,
    channel_type: entry.channel_type,
    purchase_amount_desired: entry.purchase_amount_desired,
    purpose: entry.purpose,
    description_of_inadequate_document: entry.description_of_inadequate_document,
    contracted_at: entry.contracted_at,
    transferred_at: entry.transferred_at,
    cancelled_at: entry.cancelled_at,
    reviewed_at: entry.reviewed_at,
    rejected_at: entry.rejected_at,
    transaction_completed_at: entry.transaction_completed_at,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
    user: entry.user_id,
    claims: claimsOfEntry(db, entry.id).map((claim) => serializeClaim(db, claim)),
    addfiles: filesOf(db, entry.id, null).map(serializeUpload),
    metadata: parseJson<Record<string, unknown>>(entry.metadata, {}),
    draft_entry_id: entry.draft_entry_id,
    auto_rejection_started_at: entry.auto_rejection_started_at,
    contract_period: entry.contract_period,
    bank_account: parseJson<Record<string, unknown> | null>(entry.bank_account, null),
    // A contract addition: the statement accounts as typed; the Nth is the one whose files end in -N.
    banks: parseJson<StatementAccountInput[]>(entry.banks, []),
  };
}

export type SerializedEntry = ReturnType<typeof serializeEntry>;
