// The invoice step's upstream work: the guards, the claims' files in the draft (relate after an
// upload, unrelate after a delete).

import type { DraftClaim, DraftEntry } from "~/domain/draft-entry";
import type { RequestContext } from "~/request/context.server";
import { saveDraft } from "~/upstream/draft.server";
import { requireEntryStep } from "~/request/entry-guard.server";

/** §2: the entry layout's authenticated-redirect, entry-step and system-settings guards. */
export function requireInvoiceStep(ctx: RequestContext) {
  return requireEntryStep(ctx, "submitInvoices");
}

function emptyClaim(): DraftClaim {
  return { contentfile_relations: [] };
}

/** After an upload into claim n's slot (§3 invoice-{n} / additional_doc-{n}): related to the claim. */
export async function relateUploadedFile(
  ctx: RequestContext,
  draft: DraftEntry,
  displayId: number,
  fileId: number,
) {
  const claims = draft.claims.map((claim) => ({
    ...claim,
    contentfile_relations: [...claim.contentfile_relations],
  }));
  while (claims.length < displayId) claims.push(emptyClaim());
  claims[displayId - 1]!.contentfile_relations.push(fileId);
  await saveDraft(ctx, { claims });
}

/** Removes a deleted file's id from every claim. */
export async function unrelateFile(ctx: RequestContext, draft: DraftEntry, id: number) {
  if (!draft.claims.some((claim) => claim.contentfile_relations.includes(id))) return;
  const claims = draft.claims.map((claim) => ({
    ...claim,
    contentfile_relations: claim.contentfile_relations.filter((related) => related !== id),
  }));
  await saveDraft(ctx, { claims });
}
