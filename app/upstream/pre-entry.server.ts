// Pre-entry screening (contract addition, docs/upstream-api/accounts.md).

import { z } from "zod";
import { CORPORATE_DIVISIONS } from "~/domain/enumerations";
import { UpstreamServerError } from "./errors.server";
import type { UpstreamCaller } from "./client.server";

export interface PreEntryAnswers {
  corporate_division: "corporate" | "individual";
  years_in_business: number;
  annual_sales: number;
  has_invoice: boolean;
  has_tax_delinquency: boolean;
}

const screeningResultSchema = z.object({
  result: z.enum(["accepted", "declined"]),
  reasons: z.array(z.string()).default([]),
  answers: z
    .object({ corporate_division: z.enum(CORPORATE_DIVISIONS).optional() })
    .passthrough()
    .optional(),
  created_at: z.string(),
});

export type ScreeningResult = z.infer<typeof screeningResultSchema>;

export function submitPreEntry(ctx: UpstreamCaller, answers: PreEntryAnswers): Promise<ScreeningResult> {
  return ctx.client.call("POST", "/api/pre_entry/", { json: answers, schema: screeningResultSchema });
}

export async function loadPreEntryResult(ctx: UpstreamCaller): Promise<ScreeningResult | null> {
  try {
    return await ctx.client.call("GET", "/api/pre_entry/", { schema: screeningResultSchema });
  } catch (error) {
    if (error instanceof UpstreamServerError && error.status === 404) return null;
    throw error;
  }
}
