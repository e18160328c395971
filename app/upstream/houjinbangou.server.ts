// §7 GET /api/ext/houjinbangou/?name=…: corporate-number suggestions for a claim's obliger.

import { z } from "zod";
import type { CorporationSuggestion } from "~/domain/houjinbangou";
import type { RequestContext } from "~/request/context.server";
import type { AnswerSchema } from "./client.server";
import { UpstreamValidationError } from "./errors.server";

export const MIN_SUGGESTION_QUERY = 2;
/** docs/upstream-api/uploads.md: "query name (≤ 100 chars)". */
const MAX_SUGGESTION_QUERY = 100;
const MAX_SUGGESTIONS = 10;

/** A field the API may leave empty (a corporation without an address on record): null reads as "". */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

/** "up to 10 [{name, houjinbangou, address}]". */
const suggestionsSchema = z.array(
  z.object({ name: text, houjinbangou: text, address: text }),
) satisfies AnswerSchema<CorporationSuggestion[]>;

/** The suggestions for what was typed; a query too short or refused gives none. */
export async function suggestCorporations(
  ctx: RequestContext,
  query: string,
): Promise<CorporationSuggestion[]> {
  const name = query.trim().slice(0, MAX_SUGGESTION_QUERY);
  if ([...name].length < MIN_SUGGESTION_QUERY) return [];
  try {
    const results = await ctx.client.call("GET", "/api/ext/houjinbangou/", {
      query: { name },
      schema: suggestionsSchema,
    });
    return results.slice(0, MAX_SUGGESTIONS);
  } catch (error) {
    if (error instanceof UpstreamValidationError) return [];
    throw error;
  }
}
