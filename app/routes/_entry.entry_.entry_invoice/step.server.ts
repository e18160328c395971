// The invoice step's upstream work: the guards, the claims' files in the draft (relate after an
// upload, unrelate after a delete).

import type { DraftClaim } from "~/domain/draft-entry";
import type { RequestContext } from "~/request/context.server";
import { updateDraft } from "~/upstream/draft.server";
import { requireEntryStep } from "~/request/entry-guard.server";

/** §2: the entry layout's authenticated-redirect, entry-step and system-settings guards. */
export function requireInvoiceStep(ctx: RequestContext) {
  return requireEntryStep(ctx, "submitInvoices");
}

function emptyClaim(): DraftClaim {
  return { contentfile_relations: [] };
}

/**
 * After an upload into claim n's slot (§3 invoice-{n} / additional_doc-{n}): related to the claim in
 * the draft as stored now, so uploads started together all end linked (issue 15).
 */
export async function relateUploadedFile(ctx: RequestContext, displayId: number, fileId: number) {
  await updateDraft(ctx, (stored) => {
    const claims = stored.claims.map((claim) => ({
      ...claim,
      contentfile_relations: [...claim.contentfile_relations],
    }));
    while (claims.length < displayId) claims.push(emptyClaim());
    claims[displayId - 1]!.contentfile_relations.push(fileId);
    return { claims };
  });
}

/** Removes a deleted file's id from every claim. */
export async function unrelateFile(ctx: RequestContext, id: number) {
  await updateDraft(ctx, (stored) => {
    if (!stored.claims.some((claim) => claim.contentfile_relations.includes(id))) return null;
    const claims = stored.claims.map((claim) => ({
      ...claim,
      contentfile_relations: claim.contentfile_relations.filter((related) => related !== id),
    }));
    return { claims };
  });
}
