// Pre-entry screening (contract addition; §2 /register/pre_entry → /pre_entry/result): a few
// questions answered before the first entry. A declined screening marks the user (§3
// has_pre_entry_declined, §4 user status preEntryDeclined). The mark stays: answering again
// differently does not clear it (only the operator can), or the screening would be a formality.

import { divisionRefusal } from "../../app/domain/business-types";
import { CORPORATE_DIVISIONS, type CorporateDivision } from "../../app/domain/enumerations";
import { inTransaction } from "../db/database";
import type { RequestContext } from "../http/context";
import { detailError } from "../http/errors";
import type { Reply, RouteDefinition } from "../http/router";
import { isoJst } from "../time";
import { parseJson } from "../users";
import { serviceOf } from "./brand-links";
import { asObject, FieldErrors, readBoolean, readChoice, readInteger } from "./fields";
import { AccountMessage } from "./messages";

export interface PreEntryAnswers {
  corporate_division: CorporateDivision;
  years_in_business: number;
  annual_sales: number;
  has_invoice: boolean;
  has_tax_delinquency: boolean;
}

export interface ScreeningResult {
  result: "accepted" | "declined";
  reasons: string[];
}

/** Declined when taxes are in arrears or the business issues no (qualified) invoices. */
export function screenPreEntry(answers: PreEntryAnswers): ScreeningResult {
  const reasons: string[] = [];
  if (answers.has_tax_delinquency) reasons.push(AccountMessage.preEntryDeclinedTaxDelinquency);
  if (!answers.has_invoice) reasons.push(AccountMessage.preEntryDeclinedNoInvoice);
  return { result: reasons.length ? "declined" : "accepted", reasons };
}

interface PreEntryRow {
  id: number;
  answers: string;
  result: "accepted" | "declined";
  reasons: string;
  created_at: string;
}

function serializePreEntry(row: PreEntryRow) {
  return {
    id: row.id,
    result: row.result,
    reasons: parseJson<string[]>(row.reasons, []),
    answers: parseJson<Record<string, unknown>>(row.answers, {}),
    created_at: row.created_at,
  };
}

async function submitPreEntry(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const body = asObject(await ctx.readJson());
  const errors = new FieldErrors();
  const answers = {
    corporate_division: readChoice(body, errors, "corporate_division", CORPORATE_DIVISIONS, {
      required: true,
    }),
    years_in_business: readInteger(body, errors, "years_in_business", { required: true, min: 0, max: 1000 }),
    // Yen; the ceiling only keeps the number exact.
    annual_sales: readInteger(body, errors, "annual_sales", {
      required: true,
      min: 0,
      max: Number.MAX_SAFE_INTEGER,
    }),
    has_invoice: readBoolean(body, errors, "has_invoice", { required: true }),
    has_tax_delinquency: readBoolean(body, errors, "has_tax_delinquency", { required: true }),
  } as PreEntryAnswers;
  // §6: a brand without individuals screens none (the app's own rule, as on the profile calls).
  const refusal = divisionRefusal(
    answers.corporate_division,
    serviceOf(ctx.config, user.service_id).individual_supported,
  );
  if (refusal) errors.add("corporate_division", refusal);
  errors.throwIfAny();

  const screening = screenPreEntry(answers);
  const row = inTransaction(ctx.db, () => {
    const stamp = isoJst(ctx.now);
    const { lastInsertRowid } = ctx.db
      .prepare(
        "INSERT INTO pre_entries (user_id, answers, result, reasons, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(user.id, JSON.stringify(answers), screening.result, JSON.stringify(screening.reasons), stamp);
    if (screening.result === "declined") {
      ctx.db
        .prepare("UPDATE users SET has_pre_entry_declined = 1, update_time = ? WHERE id = ?")
        .run(stamp, user.id);
    }
    return ctx.db.prepare("SELECT * FROM pre_entries WHERE id = ?").get(lastInsertRowid) as PreEntryRow;
  });
  return { status: 201, body: serializePreEntry(row) };
}

function latestPreEntry(ctx: RequestContext): Reply {
  const user = ctx.requireUser();
  const row = ctx.db
    .prepare("SELECT * FROM pre_entries WHERE user_id = ? ORDER BY id DESC LIMIT 1")
    .get(user.id) as PreEntryRow | undefined;
  if (!row) throw detailError(404, AccountMessage.preEntryNotFound);
  return { status: 200, body: serializePreEntry(row) };
}

export const preEntryRoutes: RouteDefinition[] = [
  { method: "POST", path: "/api/pre_entry/", handler: submitPreEntry },
  { method: "GET", path: "/api/pre_entry/", handler: latestPreEntry },
];
