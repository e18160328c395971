// DRF-style field parsing for the entry and draft bodies: each reader takes an untrusted JSON value
// and returns the typed value or the Japanese message DRF would answer with. Wrong types are
// validation errors (400), never exceptions (500).

import { DrfMessage } from "../http/errors";
import { isValidIsoDate } from "../time";

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T = never>(message: string): Parsed<T> => ({ ok: false, message });

export const ExtraMessage = {
  notNull: "この項目はnullにできません。",
  maxDecimalPlaces: (places: number) => `小数点以下の桁数を ${places} を超えないようにしてください。`,
  invalidPk: (type: string) => `不正な型です。${type} ではなく主キーの値が期待されていました。`,
  pkDoesNotExist: (id: unknown) => `無効な主キー "${String(id)}" - オブジェクトは存在しません。`,
  maxItems: (max: number) => `この項目には ${max} 個より多くの要素を含めないでください。`,
} as const;

/** The name Python would give the JSON value's type, as DRF's messages show it. */
export function pythonTypeName(value: unknown): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  switch (typeof value) {
    case "string":
      return "str";
    case "number":
      return Number.isInteger(value) ? "int" : "float";
    case "boolean":
      return "bool";
    case "object":
      return "dict";
    default:
      return typeof value;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** DRF CharField: a string (trimmed), at most `maxLength` characters. */
export function parseText(value: unknown, maxLength: number): Parsed<string> {
  if (typeof value !== "string") return fail("有効な文字列を入力してください。");
  const trimmed = value.trim();
  if ([...trimmed].length > maxLength) return fail(DrfMessage.maxLength(maxLength));
  return ok(trimmed);
}

/**
 * DRF IntegerField: an integral number, or a string of digits (DRF accepts "123"). Booleans, objects
 * and fractions are refused.
 */
export function parseInteger(value: unknown, range: { min?: number; max?: number } = {}): Parsed<number> {
  let parsed: number;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) return fail(DrfMessage.invalidInteger);
    parsed = value;
  } else if (typeof value === "string" && /^-?[0-9]{1,15}$/.test(value.trim())) {
    parsed = Number(value.trim());
  } else {
    return fail(DrfMessage.invalidInteger);
  }
  if (range.min !== undefined && parsed < range.min) return fail(DrfMessage.minValue(range.min));
  if (range.max !== undefined && parsed > range.max) return fail(DrfMessage.maxValue(range.max));
  return ok(parsed);
}

/**
 * DRF DecimalField with decimal_places=0: a number or a decimal string; trailing zero decimals are
 * dropped ("1000000.00" → "1000000"); the value comes back as the string DRF would serialize.
 */
export function parseWholeDecimal(
  value: unknown,
  range: { minExclusive?: number; max?: number } = {},
): Parsed<string> {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return fail(DrfMessage.invalidNumber);
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return fail(DrfMessage.invalidNumber);
  }
  const match = /^([0-9]{1,15})(?:\.([0-9]{1,10}))?$/.exec(text);
  if (!match) {
    return /^-[0-9]/.test(text) && range.minExclusive !== undefined
      ? fail(DrfMessage.minValue(range.minExclusive + 1))
      : fail(DrfMessage.invalidNumber);
  }
  if (match[2] && /[1-9]/.test(match[2])) return fail(ExtraMessage.maxDecimalPlaces(0));
  const whole = Number(match[1]);
  if (range.minExclusive !== undefined && whole <= range.minExclusive) {
    return fail(DrfMessage.minValue(range.minExclusive + 1));
  }
  if (range.max !== undefined && whole > range.max) return fail(DrfMessage.maxValue(range.max));
  return ok(String(whole));
}

/** A JSON boolean only: "true", 1 and the like are wrong types here. */
export function parseBoolean(value: unknown): Parsed<boolean> {
  return typeof value === "boolean" ? ok(value) : fail(DrfMessage.invalidBoolean);
}

/** DRF DateField: YYYY-MM-DD and a date that exists. */
export function parseDate(value: unknown): Parsed<string> {
  if (typeof value !== "string" || !isValidIsoDate(value.trim())) return fail(DrfMessage.invalidDate);
  return ok(value.trim());
}

export function parseChoice<T extends string>(
  value: unknown,
  choices: readonly T[],
  message?: string,
): Parsed<T> {
  if (typeof value === "string" && (choices as readonly string[]).includes(value)) return ok(value as T);
  return fail(message ?? DrfMessage.invalidChoice(typeof value === "string" ? value : JSON.stringify(value)));
}

/** DRF PrimaryKeyRelatedField(many=True) before the lookup: a list of positive integer ids. */
export function parseIdList(value: unknown, maxItems?: number): Parsed<number[]> {
  if (!Array.isArray(value)) return fail(DrfMessage.notAList(pythonTypeName(value)));
  if (maxItems !== undefined && value.length > maxItems) return fail(ExtraMessage.maxItems(maxItems));
  const ids: number[] = [];
  for (const item of value) {
    if (typeof item === "number" && Number.isSafeInteger(item) && item > 0) ids.push(item);
    else if (typeof item === "string" && /^[1-9][0-9]{0,14}$/.test(item)) ids.push(Number(item));
    else return fail(ExtraMessage.invalidPk(pythonTypeName(item)));
  }
  return ok(ids);
}

/** How a present-but-empty value is treated: DRF's required/null/blank distinctions. */
export interface PresenceRules {
  /** Absent (or null) is an error with this message; omitted means the field is optional. */
  required?: string;
  /** A blank string ("" or spaces) is an error with this message; omitted means blank reads as absent. */
  blank?: string;
}

export type FieldOutcome<T> =
  { state: "absent" } | { state: "value"; value: T } | { state: "error"; message: string };

/**
 * Reads `source[key]` with DRF's order of checks: absent or null (required?), blank (blank
 * allowed?), then the type parser.
 */
export function readField<T>(
  source: Record<string, unknown>,
  key: string,
  parse: (value: unknown) => Parsed<T>,
  rules: PresenceRules = {},
): FieldOutcome<T> {
  const raw = source[key];
  if (raw === undefined || raw === null) {
    if (rules.required)
      return {
        state: "error",
        message:
          raw === null && rules.required === DrfMessage.required ? ExtraMessage.notNull : rules.required,
      };
    return { state: "absent" };
  }
  if (typeof raw === "string" && raw.trim() === "") {
    if (rules.blank) return { state: "error", message: rules.blank };
    if (rules.required) return { state: "error", message: rules.required };
    return { state: "absent" };
  }
  const parsed = parse(raw);
  return parsed.ok ? { state: "value", value: parsed.value } : { state: "error", message: parsed.message };
}

/** Collects errors in DRF's shape: {field: ["message"]}, nested objects and per-item lists. */
export class ErrorCollector {
  readonly errors: Record<string, unknown> = {};

  add(key: string, message: string): void {
    const list = (this.errors[key] ??= []) as string[];
    list.push(message);
  }

  nest(key: string, nested: unknown): void {
    this.errors[key] = nested;
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** Reads a field, recording its error; returns the value, or undefined when absent or wrong. */
  read<T>(
    source: Record<string, unknown>,
    key: string,
    parse: (value: unknown) => Parsed<T>,
    rules: PresenceRules = {},
  ): T | undefined {
    const outcome = readField(source, key, parse, rules);
    if (outcome.state === "error") {
      this.add(key, outcome.message);
      return undefined;
    }
    return outcome.state === "value" ? outcome.value : undefined;
  }
}

/** Per-item errors of a list, DRF style: [{}, {"amount": ["…"]}], or null when every item is valid. */
export function itemErrors(items: ErrorCollector[]): Record<string, unknown>[] | null {
  return items.some((item) => !item.isEmpty) ? items.map((item) => item.errors) : null;
}
