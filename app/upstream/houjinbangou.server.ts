// §7 GET /api/ext/houjinbangou/?name=…: corporate-number suggestions for a claim's obliger.

import { z } from "zod";
import {
  CORPORATION_QUERY_MAX_LENGTH,
  CORPORATION_QUERY_MIN_LENGTH,
  type CorporationSuggestion,
  MAX_CORPORATION_SUGGESTIONS,
} from "~/domain/houjinbangou";
import { AnswerCache } from "./answer-cache.server";
import type { AnswerSchema, UpstreamCaller } from "./client.server";
import { whenRefused } from "./errors.server";

export const MIN_SUGGESTION_QUERY = CORPORATION_QUERY_MIN_LENGTH;

// The last 500 queries for 10 minutes (decision 0023): the registry behind them changes daily at most.
const answers = new AnswerCache<CorporationSuggestion[]>(500, 10 * 60 * 1000);

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

const suggestionsSchema = z.array(
  z.object({ name: text, houjinbangou: text, address: text }),
) satisfies AnswerSchema<CorporationSuggestion[]>;

export async function suggestCorporations(
  ctx: UpstreamCaller,
  query: string,
): Promise<CorporationSuggestion[]> {
  const name = query.trim().slice(0, CORPORATION_QUERY_MAX_LENGTH);
  if ([...name].length < MIN_SUGGESTION_QUERY) return [];
  // The same for every user: public data, asked under the brand's service id.
  return answers.answer(`${ctx.brand.id}\n${name}`, () => askUpstream(ctx, name));
}

async function askUpstream(ctx: UpstreamCaller, name: string): Promise<CorporationSuggestion[]> {
  return whenRefused(
    async () => {
      const results = await ctx.client.call("GET", "/api/ext/houjinbangou/", {
        query: { name },
        schema: suggestionsSchema,
      });
      return results.slice(0, MAX_CORPORATION_SUGGESTIONS);
    },
    () => [],
  );
}
