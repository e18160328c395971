// A form's fields declared once, as a table (docs/decisions/0030-a-field-declared-once.md). Plain data:
// the browser reads labels and constraints; zod is derived on the server (draft-schema, field-schema).

/**
 * How a phone meets a text field: the keyboard it opens and what a browser may fill in (the control's
 * inputMode and autoComplete, spread onto it).
 */
export interface FieldControl {
  type?: "email" | "password" | "tel";
  inputMode?: "numeric" | "decimal" | "tel" | "email";
  autoComplete: string;
}

/**
 * Text no browser detail belongs in: someone else's name or address, a bank's, the person's own words.
 * The wizard's text fields are all such, so it is a text field's control unless told.
 */
export const NOT_AUTOFILLED: FieldControl = { autoComplete: "off" };
/** Digits only (an account number, a 法人番号): the numeric keypad, nothing filled in. */
export const DIGITS_ONLY: FieldControl = { inputMode: "numeric", autoComplete: "off" };

/** What a text field accepts: the schema checks all of it, the input `required` and `maxLength`. */
export interface TextLimits {
  required?: boolean;
  maxLength?: number;
  tooLong?: string;
  minLength?: number; // server only: a browser would refuse it before the person sees why
  tooShort?: string;
}

export interface TextFieldSpec {
  label: string;
  kind: "text";
  read: (text: string) => string;
  control: FieldControl;
  limits: TextLimits;
}

export interface ChoiceFieldSpec<C extends string = string, V = unknown> {
  label: string;
  kind: "choice";
  control?: Pick<FieldControl, "autoComplete">;
  /** What the draft may store ("" among them when it keeps "not chosen yet" so). */
  choices: readonly C[];
  read: (text: string) => V;
}

export interface FlagFieldSpec {
  label: string;
  kind: "flag";
  read: (text: string) => boolean | null;
}

/**
 * An amount the draft keeps as a number when valid, else as typed so the person sees it again. Its
 * control is AmountField's (whole yen: the numeric keypad, nothing filled in).
 */
export interface AmountFieldSpec {
  label: string;
  kind: "amount";
  read: (text: string) => number | string | null;
  show: (stored: number | string) => string;
}

export type FieldSpec = TextFieldSpec | ChoiceFieldSpec | FlagFieldSpec | AmountFieldSpec;
export type FieldTable = Readonly<Record<string, FieldSpec>>;

export type TextFieldNames<T extends FieldTable> = {
  [K in keyof T]: T[K] extends TextFieldSpec ? K : never;
}[keyof T] &
  string;

export const textFieldNames = <T extends FieldTable>(table: T) =>
  fieldNames(table).filter((name) => table[name]!.kind === "text") as TextFieldNames<T>[];

export type FieldValue<F> = F extends { read: (text: string) => infer V } ? V : never;
/** One row of the form: a value per field, as the page shows it and the draft stores it. */
export type FieldRow<T extends FieldTable> = { -readonly [K in keyof T]: FieldValue<T[K]> };

export const asTyped = (text: string) => text;

export const textField = (
  label: string,
  read: (text: string) => string = asTyped,
  control: FieldControl = NOT_AUTOFILLED,
  limits: TextLimits = {},
): TextFieldSpec => ({ label, kind: "text", read, control, limits });

export function constraintsOf(spec: TextFieldSpec) {
  const { required, maxLength } = spec.limits;
  return {
    ...spec.control,
    ...(required ? { required } : {}),
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}

export const tooLongMessage = (spec: TextFieldSpec) =>
  spec.limits.tooLong ?? `${spec.limits.maxLength}文字以内で入力してください。`;

export const choiceField = <C extends string, V>(
  label: string,
  choices: readonly C[],
  read: (text: string) => V,
): ChoiceFieldSpec<C, V> => ({ label, kind: "choice", choices, read });

export const flagField = (label: string): FlagFieldSpec => ({
  label,
  kind: "flag",
  read: (text) => (text === "true" ? true : text === "false" ? false : null),
});

export const fieldNames = <T extends FieldTable>(table: T) => Object.keys(table) as (keyof T & string)[];

function mapRow<T extends FieldTable>(table: T, value: (name: keyof T & string, spec: FieldSpec) => unknown) {
  return Object.fromEntries(
    fieldNames(table).map((name) => [name, value(name, table[name]!)]),
  ) as FieldRow<T>;
}

export const emptyRow = <T extends FieldTable>(table: T): FieldRow<T> =>
  mapRow(table, (_, spec) => spec.read(""));

export const readRow = <T extends FieldTable>(
  table: T,
  text: (name: keyof T & string) => string,
): FieldRow<T> => mapRow(table, (name, spec) => spec.read(text(name).trim()));

/** A row as stored, for the page: text as it was typed, a choice read as the form holds it. */
export const viewRow = <T extends FieldTable>(
  table: T,
  stored: Readonly<Partial<Record<keyof T, unknown>>> | null | undefined,
): FieldRow<T> =>
  mapRow(table, (name, spec) => {
    const value = stored?.[name];
    const text = value === null || value === undefined ? "" : String(value);
    return spec.kind === "text" ? text : spec.read(text);
  });

export const labelsOf = <T extends FieldTable>(table: T) =>
  Object.fromEntries(fieldNames(table).map((name) => [name, table[name]!.label])) as Record<
    keyof T & string,
    string
  >;

type TextOf<F> = F extends FlagFieldSpec ? "true" | "false" | "" : string;
export type TextRow<T extends FieldTable> = { -readonly [K in keyof T]: TextOf<T[K]> };

export const textRow = <T extends FieldTable>(
  table: T,
  stored: Readonly<Partial<Record<keyof T, unknown>>> | null | undefined,
): TextRow<T> =>
  Object.fromEntries(
    fieldNames(table).map((name) => {
      const spec = table[name]!;
      const value = stored?.[name];
      if (spec.kind === "flag") return [name, value === true ? "true" : value === false ? "false" : ""];
      if (value === null || value === undefined) return [name, ""];
      return [name, spec.kind === "amount" ? spec.show(value as number | string) : String(value)];
    }),
  ) as TextRow<T>;

export function postedText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
