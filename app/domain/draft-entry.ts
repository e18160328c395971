// §3 Draft entry (the wizard's state lives on the upstream, ARCHITECTURE §4): its types, inferred from
// draft-schema.ts and imported as types only, so zod stays out of the browser.

import type { z } from "zod";
import type {
  draftBankAccountSchema,
  draftBankSchema,
  draftClaimSchema,
  draftEntrySchema,
} from "./draft-schema";

/** A schema's output without the index signature of passthrough(): the keys the app knows. */
type Known<T> = T extends readonly (infer U)[]
  ? Known<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;

export type DraftEntry = Known<z.infer<typeof draftEntrySchema>>;
export type DraftClaim = Known<z.infer<typeof draftClaimSchema>>;
export type DraftReceivePaymentAccount = NonNullable<DraftClaim["receive_payment_account"]>;
export type DraftObligerAccount = NonNullable<DraftReceivePaymentAccount["obliger_accounts"]>[number];
export type DraftBank = Known<z.infer<typeof draftBankSchema>>;
export type DraftBankAccount = Known<z.infer<typeof draftBankAccountSchema>>;

/** A file the user uploaded that no entry holds yet (GET /api/uploads/). */
export interface PendingFile {
  id: number;
  kind: string;
  name: string;
  created_at: string;
  error?: boolean;
  /** Bytes stored (docs/upstream-api/uploads.md); null from an upstream that does not say. */
  size?: number | null;
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
