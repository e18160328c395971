// What an entry asks of its owner now, the most pressing first: late money, a return due soon,
// documents to fix (§4 inadequate), a contract the rule refuses (why, and what to do), a contract to agree.

import type { BankCalendar } from "./bank-calendar";
import { type ReturnObligationInput, returnObligation } from "./return-obligation";
import { type ContractOwner, contractRefusal } from "./contract-refusal";
import { EntryStatus, isEntryContractable } from "./statuses";

export type EntryAttentionKind = "late" | "returnSoon" | "inadequate" | "contractRefused" | "contract";

export const ATTENTION_ORDER: readonly EntryAttentionKind[] = [
  "late",
  "returnSoon",
  "inadequate",
  "contractRefused",
  "contract",
];

export interface EntryAttentionInput {
  status: number;
  claims: readonly ReturnObligationInput[];
}

export function entryAttention(
  entry: EntryAttentionInput,
  today: string,
  calendar: BankCalendar,
  owner: ContractOwner,
): EntryAttentionKind | null {
  const returns = entry.claims.map((claim) => returnObligation(claim, today, calendar)?.state);
  if (returns.includes("late")) return "late";
  if (returns.includes("soon")) return "returnSoon";
  if (entry.status === EntryStatus.inadequate) return "inadequate";
  if (contractRefusal(entry, owner, today, calendar) === null) return "contract";
  // Reviewed with a claim to buy, yet refused: the owner hears why rather than nothing.
  const claimStatuses = entry.claims.map((claim) => claim.status);
  return isEntryContractable(entry.status, claimStatuses) ? "contractRefused" : null;
}
