// Reading a JSON body field by field the way DRF's serializer fields do (CharField, BooleanField,
// IntegerField, ChoiceField, EmailField): every problem is collected per field, so one 400 lists them
// all, and no input of the wrong type can reach the database or a 500.

import { EMAIL_MAX_LENGTH } from "../../app/domain/upstream-limits";
import { DrfMessage, nonFieldError, validationError } from "../http/errors";
import { AccountMessage } from "./messages";

export type JsonObject = Record<string, unknown>;

/** The Python type name DRF puts in "Expected a dictionary, but got X." */
export function pythonTypeName(value: unknown): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
}

/** A request body must be a JSON object, as a DRF serializer requires. */
export function asObject(body: unknown): JsonObject {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw nonFieldError(DrfMessage.notAnObject(pythonTypeName(body)));
  }
  return body as JsonObject;
}

export function has(body: JsonObject, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, name) && body[name] !== undefined;
}

export class FieldErrors {
  readonly errors: Record<string, unknown> = {};

  add(field: string, message: string): void {
    const list = (this.errors[field] ??= []) as unknown;
    if (Array.isArray(list)) list.push(message);
  }

  /** A nested serializer's errors ({"bank_account": {"bank_account_number": ["…"]}}). */
  set(field: string, value: unknown): void {
    this.errors[field] = value;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw validationError(this.errors);
  }
}

interface StringOptions {
  required?: boolean;
  allowBlank?: boolean;
  maxLength?: number;
}

/**
 * DRF CharField: strings and numbers are accepted (numbers as their text), whitespace is trimmed,
 * booleans, lists and objects are refused. Returns undefined when absent or invalid.
 */
export function readString(
  body: JsonObject,
  errors: FieldErrors,
  name: string,
  options: StringOptions = {},
): string | undefined {
  if (!has(body, name)) {
    if (options.required) errors.add(name, DrfMessage.required);
    return undefined;
  }
  const value = body[name];
  if (value === null) {
    errors.add(name, AccountMessage.notNull);
    return undefined;
  }
  if (typeof value !== "string" && !(typeof value === "number" && Number.isFinite(value))) {
    errors.add(name, AccountMessage.notAString);
    return undefined;
  }
  const text = String(value).trim();
  if (text === "" && !options.allowBlank) {
    errors.add(name, AccountMessage.blank);
    return undefined;
  }
  if (options.maxLength !== undefined && [...text].length > options.maxLength) {
    errors.add(name, DrfMessage.maxLength(options.maxLength));
    return undefined;
  }
  return text;
}

/** A password is taken exactly as typed (DRF's password fields do not trim). */
export function readPassword(body: JsonObject, errors: FieldErrors, name: string): string | undefined {
  if (!has(body, name)) {
    errors.add(name, DrfMessage.required);
    return undefined;
  }
  const value = body[name];
  if (value === null) {
    errors.add(name, AccountMessage.notNull);
    return undefined;
  }
  if (typeof value !== "string") {
    errors.add(name, AccountMessage.notAString);
    return undefined;
  }
  if (value === "") {
    errors.add(name, AccountMessage.blank);
    return undefined;
  }
  if (value.length > 4096) {
    errors.add(name, DrfMessage.maxLength(4096));
    return undefined;
  }
  return value;
}

const TRUE_VALUES = new Set<unknown>([
  "t",
  "T",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "true",
  "True",
  "TRUE",
  "on",
  "On",
  "ON",
  "1",
  1,
  true,
]);
const FALSE_VALUES = new Set<unknown>([
  "f",
  "F",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "false",
  "False",
  "FALSE",
  "off",
  "Off",
  "OFF",
  "0",
  0,
  false,
]);

/** DRF BooleanField: true/false and the usual spellings of them. */
export function readBoolean(
  body: JsonObject,
  errors: FieldErrors,
  name: string,
  options: { required?: boolean } = {},
): boolean | undefined {
  if (!has(body, name)) {
    if (options.required) errors.add(name, DrfMessage.required);
    return undefined;
  }
  const value = body[name];
  if (value === null) {
    errors.add(name, AccountMessage.notNull);
    return undefined;
  }
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  errors.add(name, DrfMessage.invalidBoolean);
  return undefined;
}

/** DRF IntegerField: integers or their decimal text ("12", "12.0"); never booleans or fractions. */
export function readInteger(
  body: JsonObject,
  errors: FieldErrors,
  name: string,
  options: { required?: boolean; min?: number; max?: number } = {},
): number | undefined {
  if (!has(body, name)) {
    if (options.required) errors.add(name, DrfMessage.required);
    return undefined;
  }
  const value = body[name];
  if (value === null) {
    errors.add(name, AccountMessage.notNull);
    return undefined;
  }
  let parsed: number | null = null;
  if (typeof value === "number" && Number.isInteger(value)) parsed = value;
  if (typeof value === "string" && /^\s*-?\d{1,16}(\.0*)?\s*$/.test(value))
    parsed = Number.parseInt(value, 10);
  if (parsed === null || !Number.isSafeInteger(parsed)) {
    errors.add(name, DrfMessage.invalidInteger);
    return undefined;
  }
  if (options.min !== undefined && parsed < options.min) {
    errors.add(name, DrfMessage.minValue(options.min));
    return undefined;
  }
  if (options.max !== undefined && parsed > options.max) {
    errors.add(name, DrfMessage.maxValue(options.max));
    return undefined;
  }
  return parsed;
}

/** DRF ChoiceField over string choices. */
export function readChoice<T extends string>(
  body: JsonObject,
  errors: FieldErrors,
  name: string,
  choices: readonly T[],
  options: { required?: boolean; allowNull?: boolean } = {},
): T | null | undefined {
  if (!has(body, name)) {
    if (options.required) errors.add(name, DrfMessage.required);
    return undefined;
  }
  const value = body[name];
  if (value === null) {
    if (options.allowNull) return null;
    errors.add(name, AccountMessage.notNull);
    return undefined;
  }
  const text = typeof value === "string" || typeof value === "number" ? String(value) : null;
  if (text === null || !(choices as readonly string[]).includes(text)) {
    errors.add(name, DrfMessage.invalidChoice(text ?? JSON.stringify(value)));
    return undefined;
  }
  return text as T;
}

// Django's EmailValidator, in outline: a dot-atom local part, a domain of LDH labels with a TLD.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  if (local.length > 64 || !LOCAL_PART.test(local) || labels.length < 2) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TLD.test(labels[labels.length - 1]!);
}

/** Django's normalize_email: the domain part is lower-cased, the local part kept. */
export function normalizeEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? email : email.slice(0, at) + email.slice(at).toLowerCase();
}

/** DRF EmailField: a trimmed, well-formed address, with Django's normalisation. */
export function readEmail(body: JsonObject, errors: FieldErrors, name: string): string | undefined {
  const text = readString(body, errors, name, { required: true, maxLength: EMAIL_MAX_LENGTH });
  if (text === undefined) return undefined;
  if (!isValidEmail(text)) {
    errors.add(name, DrfMessage.invalidEmail);
    return undefined;
  }
  return normalizeEmail(text);
}
