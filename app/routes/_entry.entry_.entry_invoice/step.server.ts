// The invoice step's upstream work: the guards, the corporate-number suggestions, the claims' files
// in the draft (relate after an upload, unrelate after a delete).

import type { DraftClaim } from "~/domain/draft-entry";
import type { RequestContext } from "~/request/context.server";
import { updateDraft } from "~/upstream/draft.server";
import { requireEntryStep } from "~/request/entry-guard.server";
import { UpstreamError, UpstreamValidationError } from "~/upstream/errors.server";
import type { CorporationSuggestion } from "./schema";

/** §2: the entry layout's authenticated-redirect, entry-step and system-settings guards. */
export function requireInvoiceStep(ctx: RequestContext) {
  return requireEntryStep(ctx, "submitInvoices");
}

export const MIN_SUGGESTION_QUERY = 2;
const MAX_SUGGESTION_QUERY = 100;

/** §7 GET /api/ext/houjinbangou/?name=…; a query too short or refused gives no suggestions. */
export async function suggestCorporations(
  ctx: RequestContext,
  query: string,
): Promise<CorporationSuggestion[]> {
  const name = query.trim().slice(0, MAX_SUGGESTION_QUERY);
  if ([...name].length < MIN_SUGGESTION_QUERY) return [];
  try {
    const results = await ctx.client.call<CorporationSuggestion[]>("GET", "/api/ext/houjinbangou/", {
      query: { name },
      expect: "array",
    });
    return (Array.isArray(results) ? results : []).slice(0, 10).map((item) => ({
      name: String(item.name ?? ""),
      houjinbangou: String(item.houjinbangou ?? ""),
      address: String(item.address ?? ""),
    }));
  } catch (error) {
    if (error instanceof UpstreamValidationError) return [];
    throw error;
  }
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

/** Files nobody will see again (a removed claim's): a failed delete only leaves a pending file. */
export async function deleteFilesQuietly(ctx: RequestContext, ids: readonly number[]) {
  for (const id of ids) {
    try {
      await ctx.client.call("DELETE", `/api/uploads/${id}/`, { expect: "nothing" });
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 499) throw error;
    }
  }
}
