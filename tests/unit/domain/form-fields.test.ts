// Each form declares a field once, in its table (docs/decisions/0030-a-field-declared-once.md): no
// label is typed again elsewhere in app/, and the reference upstream reads exactly the table's keys.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHANGE_PASSWORD_FIELDS,
  LOGIN_FIELDS,
  PRE_ENTRY_FIELDS,
  RECOVER_FIELDS,
  REGISTER_FIELDS,
} from "~/domain/account-fields";
import { BANK_ACCOUNT_FIELD_LABELS } from "~/domain/bank-account";
import { FINANCIAL_FIELDS } from "~/domain/financial-step";
import { type FieldTable, fieldNames, labelsOf } from "~/domain/form-fields";
import { CLAIM_FIELDS, INVOICE_FIELDS, RECEIVE_ACCOUNT_FIELDS } from "~/domain/invoice-step";
import { PROFILE_FORM_TABLE } from "~/domain/profile-form";
import { BANK_ACCOUNT_FIELDS, STATEMENT_FIELDS, withdrawalSummaryLabel } from "~/domain/withdrawal-step";
import { invoiceFieldLabels, formValuesFromDraft } from "~/components/invoice-form";
import { EMPTY_DRAFT } from "~/domain/draft-entry";
import { validateDraftPatch } from "../../../reference-upstream/entries/draft";

const TABLES: Record<string, FieldTable> = {
  FINANCIAL_FIELDS,
  INVOICE_FIELDS,
  CLAIM_FIELDS,
  RECEIVE_ACCOUNT_FIELDS,
  STATEMENT_FIELDS,
  BANK_ACCOUNT_FIELDS,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The modules the wizard forms are made of: rules, form helpers, components, the steps' routes. */
const SOURCES = ["app/domain", "app/forms", "app/components", "app/routes"]
  .flatMap(sourceFiles)
  .filter(
    (path) =>
      !path.startsWith("app/routes/") || /^app\/routes\/(_entry\.|_mypage\.entry\.resubmit)/.test(path),
  )
  .map((path) => ({ path, text: readFileSync(path, "utf8") }));

/**
 * Where a label is typed as a whole string ("label", label="label"); a page title that names the step
 * as its question does, keptFormMeta("…"), is the page's, not the field's.
 */
function placesTyping(label: string): string[] {
  return SOURCES.flatMap(({ path, text }) => {
    const count = text.split(`"${label}"`).length - text.split(`keptFormMeta("${label}"`).length;
    return Array.from({ length: count }, () => path);
  });
}

describe("a wizard form's field is declared once", () => {
  const labels = new Set([
    ...Object.values(BANK_ACCOUNT_FIELD_LABELS),
    ...Object.values(TABLES).flatMap((table) => Object.values(labelsOf(table))),
  ]);

  it.each([...labels])("「%s」 is typed in one place in app/", (label) => {
    expect(placesTyping(label)).toHaveLength(1);
  });

  it("the withdrawal step's summary labels come from its tables", () => {
    for (const field of fieldNames(STATEMENT_FIELDS)) {
      expect(withdrawalSummaryLabel(`banks[1].${field}`)).toBe(`口座2の${STATEMENT_FIELDS[field].label}`);
    }
    for (const field of fieldNames(BANK_ACCOUNT_FIELDS)) {
      expect(withdrawalSummaryLabel(`bank_account.${field}`)).toBe(
        `お振込先の${BANK_ACCOUNT_FIELDS[field].label}`,
      );
    }
  });

  it("the invoice step's summary labels come from its tables", () => {
    const labels = invoiceFieldLabels(formValuesFromDraft(EMPTY_DRAFT));
    for (const field of fieldNames(INVOICE_FIELDS)) expect(labels[field]).toBe(INVOICE_FIELDS[field].label);
    for (const field of fieldNames(CLAIM_FIELDS)) {
      expect(labels[`claims[0].${field}`]).toBe(`請求書1 ${CLAIM_FIELDS[field].label}`);
    }
    for (const field of fieldNames(RECEIVE_ACCOUNT_FIELDS)) {
      expect(labels[`claims[0].receive_payment_account.${field}`]).toBe(
        `請求書1 ${RECEIVE_ACCOUNT_FIELDS[field].label}`,
      );
    }
  });
});

describe("a text field's keyboard and autofill are declared in its table", () => {
  // A module drawing a table's fields spreads `TABLE.field.control`; typing inputMode or autoComplete
  // there would be a second declaration the other forms using the field do not get.
  const drawing = SOURCES.filter(
    ({ path, text }) => path.startsWith("app/components/") && /[A-Z_]+_FIELDS\.\w+\.label/.test(text),
  );

  it.each(drawing.map(({ path }) => path))("%s types no inputMode or autoComplete", (path) => {
    const text = drawing.find((source) => source.path === path)!.text;
    expect(text.match(/\b(inputMode|autoComplete)=/g) ?? []).toEqual([]);
  });

  it("digits-only fields open the numeric keypad; none is filled from the browser's details", () => {
    for (const table of Object.values(TABLES)) {
      for (const name of fieldNames(table)) {
        const spec = table[name]!;
        if (spec.kind !== "text") continue;
        expect(spec.control.autoComplete, name).toBe("off");
        if (/bank_account_number|houjinbangou$/.test(name))
          expect(spec.control.inputMode, name).toBe("numeric");
      }
    }
  });
});

describe("the reference upstream keeps exactly the table's keys of a draft", () => {
  /** A value each field accepts, plus a key no table has. */
  const filled = (table: FieldTable) => ({
    ...Object.fromEntries(
      fieldNames(table).map((name) => {
        const spec = table[name]!;
        if (spec.kind === "choice") return [name, spec.choices.find((choice) => choice !== "")];
        return [name, spec.kind === "flag" ? true : "1"];
      }),
    ),
    not_a_field: "x",
  });
  // No upload ids in the bodies: the reader never reaches the database.
  const read = (body: Record<string, unknown>) => validateDraftPatch(null as never, 1, body);
  const keysOf = (value: unknown) => Object.keys(value as object).sort();

  it("of a statement and of the payout account", () => {
    const saved = read({ banks: [filled(STATEMENT_FIELDS)], bank_account: filled(BANK_ACCOUNT_FIELDS) });
    expect(keysOf((saved.banks as unknown[])[0])).toEqual(fieldNames(STATEMENT_FIELDS).sort());
    expect(keysOf(saved.bank_account)).toEqual(fieldNames(BANK_ACCOUNT_FIELDS).sort());
  });

  it("of a claim and its receive-payment account", () => {
    const claim = {
      ...filled(CLAIM_FIELDS),
      receive_payment_account: filled(RECEIVE_ACCOUNT_FIELDS),
    };
    const saved = (read({ claims: [claim] }).claims as Record<string, unknown>[])[0]!;
    expect(keysOf(saved)).toEqual([...fieldNames(CLAIM_FIELDS), "receive_payment_account"].sort());
    expect(keysOf(saved.receive_payment_account)).toEqual(fieldNames(RECEIVE_ACCOUNT_FIELDS).sort());
  });

  it("of the draft's own answers", () => {
    const saved = read({ ...filled(FINANCIAL_FIELDS), ...filled(INVOICE_FIELDS) });
    expect(keysOf(saved)).toEqual([...fieldNames(FINANCIAL_FIELDS), ...fieldNames(INVOICE_FIELDS)].sort());
  });
});

describe("an account form's field is declared once", () => {
  const ACCOUNT_TABLES: FieldTable[] = [
    PROFILE_FORM_TABLE,
    LOGIN_FIELDS,
    RECOVER_FIELDS,
    REGISTER_FIELDS,
    CHANGE_PASSWORD_FIELDS,
    PRE_ENTRY_FIELDS,
  ];
  const labels = new Set(ACCOUNT_TABLES.flatMap((table) => Object.values(labelsOf(table))));
  const everywhere = ["app/domain", "app/forms", "app/components", "app/routes"]
    .flatMap(sourceFiles)
    .map((path) => ({ path, text: readFileSync(path, "utf8") }));

  // A label made of parts (「事業所の」 and 「電話番号」) is typed nowhere whole.
  it.each([...labels])("「%s」 is typed in at most one place in app/", (label) => {
    const places = everywhere.flatMap(({ path, text }) =>
      Array.from({ length: text.split(`"${label}"`).length - 1 }, () => path),
    );
    expect(places.length, places.join(", ")).toBeLessThanOrEqual(1);
  });
});
