// What both entry bodies read alike (a first submission and a resubmission): a claim's plain fields,
// lists of upload ids, the idempotency key, and DRF-shaped errors ({"claims": [{}, {"amount": ["…"]}]}).

import { isValidHoujinbangou } from "../../app/domain/houjinbangou";
import { CLAIM_TEXT_MAX_LENGTH } from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import { MAX_YEN } from "../../app/domain/money";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../../app/domain/upstream-limits";
import { DrfMessage } from "../http/errors";
import {
  type ErrorCollector,
  ExtraMessage,
  type Parsed,
  fail,
  isPlainObject,
  ok,
  parseBoolean,
  parseDate,
  parseInteger,
  parseText,
  pythonTypeName,
  readField,
} from "./fields";

/** Files one claim, or the entry itself, may hold. */
export const MAX_FILES_PER_LIST = 50;

export const EntryInputMessage = {
  houjinbangou: "法人番号は13桁の半角数字で、正しい番号を入力してください。",
} as const;

export interface ClaimFields {
  obliger_company_name: string;
  houjinbangou: string;
  houjinbangou_address: string;
  amount: number;
  scheduled_deposit_amount_from_obliger: number;
  obliger_payment_date: string;
  is_fixed_debt: boolean | null;
  is_bank_transfer_from_obliger: boolean | null;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Record<string, unknown> };

const parseAmount = (min: number) => (value: unknown) => parseInteger(value, { min, max: MAX_YEN });
export const parseName = (value: unknown) => parseText(value, CLAIM_TEXT_MAX_LENGTH);

function parseHoujinbangou(value: unknown): Parsed<string> {
  const text = parseText(value, 13);
  if (!text.ok) return fail(EntryInputMessage.houjinbangou);
  return isValidHoujinbangou(text.value) ? text : fail(EntryInputMessage.houjinbangou);
}

/**
 * Upload ids as DRF's PrimaryKeyRelatedField(many=True) takes them, plus {id} objects, so that a
 * client may post back the upload objects an entry was read with.
 */
export function parseUploadIdList(value: unknown): Parsed<number[]> {
  if (!Array.isArray(value)) return fail(DrfMessage.notAList(pythonTypeName(value)));
  if (value.length > MAX_FILES_PER_LIST) return fail(ExtraMessage.maxItems(MAX_FILES_PER_LIST));
  const ids: number[] = [];
  for (const item of value) {
    const candidate = isPlainObject(item) ? item.id : item;
    if (typeof candidate === "number" && Number.isSafeInteger(candidate) && candidate > 0)
      ids.push(candidate);
    else if (typeof candidate === "string" && /^[1-9][0-9]{0,14}$/.test(candidate))
      ids.push(Number(candidate));
    else return fail(ExtraMessage.invalidPk(pythonTypeName(candidate)));
  }
  return ok(ids);
}

export const CLAIM_REQUIRED = { required: DrfMessage.required, blank: ValidationMessage.blank } as const;

/**
 * The plain fields of a claim. `partial` (a resubmission) reads only the fields present, but a
 * present field is held to the same rules, so a required field cannot be blanked.
 */
export function readClaimFields(
  source: Record<string, unknown>,
  errors: ErrorCollector,
  partial: boolean,
): Partial<ClaimFields> {
  const fields: Partial<ClaimFields> = {};
  const given = (key: string) => !partial || source[key] !== undefined;

  if (given("obliger_company_name")) {
    fields.obliger_company_name = errors.read(source, "obliger_company_name", parseName, CLAIM_REQUIRED);
  }
  if (given("amount")) fields.amount = errors.read(source, "amount", parseAmount(1), CLAIM_REQUIRED);
  if (given("scheduled_deposit_amount_from_obliger")) {
    fields.scheduled_deposit_amount_from_obliger = errors.read(
      source,
      "scheduled_deposit_amount_from_obliger",
      parseAmount(0),
      CLAIM_REQUIRED,
    );
  }
  if (given("obliger_payment_date")) {
    fields.obliger_payment_date = errors.read(source, "obliger_payment_date", parseDate, CLAIM_REQUIRED);
  }
  // Optional texts: blank or null clears them.
  if (given("houjinbangou"))
    fields.houjinbangou = errors.read(source, "houjinbangou", parseHoujinbangou) ?? "";
  if (given("houjinbangou_address")) {
    fields.houjinbangou_address = errors.read(source, "houjinbangou_address", parseName) ?? "";
  }
  for (const key of ["is_fixed_debt", "is_bank_transfer_from_obliger"] as const) {
    if (!given(key)) continue;
    const outcome = readField(source, key, parseBoolean);
    if (outcome.state === "error") errors.add(key, outcome.message);
    else fields[key] = outcome.state === "value" ? outcome.value : null;
  }
  // Absent fields that failed stay undefined; drop the keys so a partial update skips them.
  for (const key of Object.keys(fields) as (keyof ClaimFields)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}

export function notAnObjectBody(body: unknown): Validated<never> {
  return { ok: false, errors: { non_field_errors: [DrfMessage.notAnObject(pythonTypeName(body))] } };
}

/** §5 "Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。" */
export function tooManyClaims(): Validated<never> {
  return { ok: false, errors: { non_field_errors: [ValidationMessage.tooManyClaims] } };
}

/** The idempotency key alone, read before anything else so that a replay is answered first. */
export function readIdempotencyKey(body: unknown): Parsed<string | null> {
  if (!isPlainObject(body)) return ok(null);
  const outcome = readField(body, "idempotency_key", (value) => parseText(value, IDEMPOTENCY_KEY_MAX_LENGTH));
  if (outcome.state === "error") return fail(outcome.message);
  return ok(outcome.state === "value" ? outcome.value : null);
}
