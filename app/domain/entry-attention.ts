// Required: "an entry that needs the user (inadequate, reviewed and waiting for the contract, a
// return date within 7 days, a delay) is shown first with the action to take". What an entry asks of
// its owner now, the most pressing first: money already late (§4 delay, or a return date passed), a
// return due within RETURN_SOON_DAYS, documents to fix (§4 inadequate), a contract to agree (a reviewed
// entry with a claim that can be bought). Pure.

import { type ReturnObligationInput, returnObligation } from "./return-obligation";
import { EntryStatus, isEntryContractable } from "./statuses";

export type EntryAttentionKind = "late" | "returnSoon" | "inadequate" | "contract";

/** The order My page lists entries that need the user in: the most pressing first. */
export const ATTENTION_ORDER: readonly EntryAttentionKind[] = [
  "late",
  "returnSoon",
  "inadequate",
  "contract",
];

export interface EntryAttentionInput {
  status: number;
  claims: readonly ReturnObligationInput[];
}

export function entryAttention(entry: EntryAttentionInput, today: string): EntryAttentionKind | null {
  const returns = entry.claims.map((claim) => returnObligation(claim, today)?.state);
  if (returns.includes("late")) return "late";
  if (returns.includes("soon")) return "returnSoon";
  if (entry.status === EntryStatus.inadequate) return "inadequate";
  if (
    isEntryContractable(
      entry.status,
      entry.claims.map((claim) => claim.status),
    )
  )
    return "contract";
  return null;
}
