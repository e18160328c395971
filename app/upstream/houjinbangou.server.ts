// §7 GET /api/ext/houjinbangou/?name=…: corporate-number suggestions for a claim's obliger.

import { z } from "zod";
import type { CorporationSuggestion } from "~/domain/houjinbangou";
import { AnswerCache } from "./answer-cache.server";
import type { AnswerSchema, UpstreamCaller } from "./client.server";
import { UpstreamValidationError } from "./errors.server";

export const MIN_SUGGESTION_QUERY = 2;
/** docs/upstream-api/uploads.md: "query name (≤ 100 chars)". */
const MAX_SUGGESTION_QUERY = 100;
const MAX_SUGGESTIONS = 10;

/**
 * The answers of the last 500 queries, for 10 minutes (decision 0023): a query typed again, by anyone,
 * asks the upstream nothing. The registry behind them changes daily at most; 500 answers of up to ten
 * suggestions are about 1.5 MB.
 */
const answers = new AnswerCache<CorporationSuggestion[]>(500, 10 * 60 * 1000);

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
  ctx: UpstreamCaller,
  query: string,
): Promise<CorporationSuggestion[]> {
  const name = query.trim().slice(0, MAX_SUGGESTION_QUERY);
  if ([...name].length < MIN_SUGGESTION_QUERY) return [];
  // The same for every user: public data, asked under the brand's service id.
  return answers.answer(`${ctx.brand.id}\n${name}`, () => askUpstream(ctx, name));
}

async function askUpstream(ctx: UpstreamCaller, name: string): Promise<CorporationSuggestion[]> {
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
