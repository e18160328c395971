// §3 Draft entry, as GET/PATCH /api/draft_entry/ carry it (docs/upstream-api/entries.md): the wizard's
// state lives on the upstream (ARCHITECTURE §4). Pure types shared by the rules and the screens.

import type {
  BankAccountDepositType,
  ClaimDepositType,
  StatementFileFormat,
  TaxReturnSubmissionMethod,
} from "./enumerations";

export interface DraftObligerAccount {
  holder_name: string;
}

export interface DraftReceivePaymentAccount {
  bank_name?: string | null;
  deposit_type?: ClaimDepositType | "" | null;
  bank_account_number?: string | null;
  obliger_accounts?: DraftObligerAccount[];
}

export interface DraftClaim {
  obliger_company_name?: string | null;
  houjinbangou?: string | null;
  houjinbangou_address?: string | null;
  /** As typed: a number or a string of digits (drafts keep incomplete input). */
  amount?: string | number | null;
  scheduled_deposit_amount_from_obliger?: string | number | null;
  obliger_payment_date?: string | null;
  is_fixed_debt?: boolean | null;
  is_bank_transfer_from_obliger?: boolean | null;
  receive_payment_account?: DraftReceivePaymentAccount | null;
  /** Upload ids of this claim's invoice-{n} and additional_doc-{n} files. */
  contentfile_relations: number[];
}

export interface DraftBank {
  bank_name?: string | null;
  bank_account_number?: string | null;
  file_format?: StatementFileFormat | null;
  /** Upload ids of this statement's passbook_cover / passbook_details / ib_info / ib_details files. */
  contentfile_relations: number[];
}

export interface DraftBankAccount {
  bank_name?: string | null;
  branch_name?: string | null;
  deposit_type?: BankAccountDepositType | "" | null;
  bank_account_number?: string | null;
  account_holder_name?: string | null;
}

export interface DraftEntry {
  id: number | null;
  purchase_amount_desired: string | number | null;
  purpose: string | null;
  claims: DraftClaim[];
  can_submit_financial_statements: boolean | null;
  tax_return_submissions: TaxReturnSubmissionMethod | null;
  includes_sga_expenses: boolean | null;
  banks: DraftBank[];
  bank_account: DraftBankAccount | null;
  updated_at: string | null;
}

/** A file the user uploaded that no entry holds yet (GET /api/uploads/). */
export interface PendingFile {
  id: number;
  kind: string;
  name: string;
  created_at: string;
  error?: boolean;
}

export const EMPTY_DRAFT: DraftEntry = {
  id: null,
  purchase_amount_desired: null,
  purpose: null,
  claims: [],
  can_submit_financial_statements: null,
  tax_return_submissions: null,
  includes_sga_expenses: null,
  banks: [],
  bank_account: null,
  updated_at: null,
};
