// The one form system (decision 0009), folder app/components/form/: this module is its
// scope and error summary; the fields (fields.tsx), the select, checkbox, honeypot and submit button
// stand beside it so a page carries only what it uses. Every form of the app is a plain Remix
// <Form>; its action validates on the server (zod, remix-validated-form's validators in `*.server.ts`)
// and answers the one failure shape (app/forms/form-failure.ts). A FormScope hands that answer to
// the fields: each shows its message under its label and starts from the value sent back (or the
// page's default), and the error summary at the top links to them with the same wording. A field
// names its form with the `form` attribute when the scope has an id, so it works wherever it stands
// on the page (beside upload slots, which are forms of their own: HTML forms cannot nest). No
// validation library runs in the browser: a message needs one round trip, with or without JavaScript.

import { type ReactNode, createContext, useContext, useEffect, useRef, useState } from "react";
import { type FormFailure, NON_FIELD_ERRORS, isFormFailure } from "~/forms/form-failure";

export { NON_FIELD_ERRORS };

/** What a page shows in its fields before anything was sent: the saved values, by field name. */
export type FormDefaults = Readonly<Record<string, string | null | undefined>>;

/**
 * What to call each field: its label, and the same words in the error summary. A table (the form's
 * one list of labels) or a function (names with an index in them).
 */
export type FieldLabels = Readonly<Record<string, string>> | ((name: string) => string | null | undefined);

interface Scope {
  /** The form the fields belong to (their `form` attribute); null when they stand inside it. */
  formId: string | null;
  /** The form the fields are sent with when it is another than `formId` (see FormScope's postsWith). */
  postsWith?: string;
  /** The action's answer for this form, if any (the summary takes focus when it changes). */
  failure: FormFailure | null;
  fieldErrors: Readonly<Record<string, string>>;
  formErrors: readonly string[];
  /** What the person sent (failure.values): it beats any default. */
  sent: FormDefaults;
  defaults: FormDefaults;
  /** The form's labels: a field without its own label, and the summary, take them from here. */
  labels?: FieldLabels;
  /** The person changed the field: its message leaves (the next submit checks again). */
  edited(name: string): void;
}

const FormScopeContext = createContext<Scope>({
  formId: null,
  failure: null,
  fieldErrors: {},
  formErrors: [],
  sent: {},
  defaults: {},
  edited: () => undefined,
});

/**
 * The fields, summary and buttons of one form. `failure` is the action's answer (useActionData):
 * it counts when it is the failure shape for this form (its formId, or none on a page's only form).
 */
export function FormScope({
  id = null,
  failure,
  defaults = {},
  labels,
  resolved,
  postsWith,
  children,
}: {
  id?: string | null;
  failure: unknown;
  defaults?: FormDefaults;
  /** The form's labels, written once: each field shows its own, the summary names it the same way. */
  labels?: FieldLabels;
  /**
   * Field errors the page knows are settled since the answer (e.g. every missing file has since been
   * uploaded in the background): they no longer show.
   */
  resolved?(name: string): boolean;
  /**
   * The form the fields are sent with, when not their own: without JavaScript a page whose upload
   * slots post its main form sends that one form whatever is pressed, files and all (decision 0007).
   * The answer still counts for this scope by its `id`.
   */
  postsWith?: string;
  children: ReactNode;
}) {
  const mine = isFormFailure(failure) && (failure.formId === null || failure.formId === id) ? failure : null;
  // The fields edited since this answer (a new answer starts again with all its messages).
  const [edited, setEdited] = useState<[FormFailure | null, string[]]>([mine, []]);
  const names = edited[0] === mine ? edited[1] : [];
  const fieldErrors: Record<string, string> = {};
  for (const [name, message] of Object.entries(mine?.fieldErrors ?? {})) {
    if (!names.includes(name) && !resolved?.(name)) fieldErrors[name] = message;
  }
  const scope: Scope = {
    formId: id,
    postsWith,
    failure: mine,
    fieldErrors,
    formErrors: mine?.formErrors ?? [],
    sent: mine?.values ?? {},
    defaults,
    labels,
    edited: (name) => {
      if (mine?.fieldErrors[name] && !names.includes(name)) setEdited([mine, [...names, name]]);
    },
  };
  return <FormScopeContext.Provider value={scope}>{children}</FormScopeContext.Provider>;
}

/** The id of a field's control; the error summary links to it. */
export const fieldId = (name: string) => `field-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;

const labelIn = (labels: FieldLabels | undefined, name: string) =>
  (typeof labels === "function" ? labels(name) : labels?.[name]) || undefined;

/**
 * One field's state in its scope: its control's id, its message, the value it starts from and the
 * form it belongs to. Exported for controls the family does not cover (an upload slot).
 */
export function useField(name: string, override?: { error?: string | null; defaultValue?: string }) {
  // What was sent comes back first, then the page's own value for this field, then the form's.
  const scope = useContext(FormScopeContext);
  const error = override?.error ?? scope.fieldErrors[name];
  return {
    id: fieldId(name),
    error: error || undefined,
    defaultValue: scope.sent[name] ?? override?.defaultValue ?? scope.defaults[name] ?? "",
    form: scope.postsWith ?? scope.formId ?? undefined,
    /** The form's label for this field, for a field given none of its own. */
    label: labelIn(scope.labels, name),
    onInput: () => scope.edited(name),
  };
}

/**
 * What several fields start from (what was sent first, then the page's value for each), for a
 * figure the page derives from them before any script runs (the claims' totals).
 */
export function useStartingValues(fields: readonly (readonly [name: string, pageValue: string])[]): string[] {
  const scope = useContext(FormScopeContext);
  return fields.map(([name, pageValue]) => scope.sent[name] ?? pageValue ?? scope.defaults[name] ?? "");
}

/**
 * The error summary at the top of a form (GOV.UK, デジタル庁): 「エラー：」, the form's own messages,
 * then each field's message linking to the field with the same wording. It takes focus when a new
 * answer arrives with JavaScript; without it the page loads with it on top.
 */
export function ErrorSummary({
  labels,
  errors,
  title = "入力内容をご確認ください",
  children,
}: {
  /**
   * What went wrong, after 「エラー：」 (§8's own words where it gives them); the answer's own title
   * wins (the server failed while saving, nothing typed was wrong).
   */
  title?: string;
  /** What to do next, under the list (e.g. a link back to the step to correct). */
  children?: ReactNode;
  /**
   * What to call each field (the field's label), when not the scope's labels; a message without a
   * label stands alone.
   */
  labels?: FieldLabels;
  /** The errors to list when the page filters the scope's (e.g. a missing file since uploaded). */
  errors?: Readonly<Record<string, string>>;
}) {
  const scope = useContext(FormScopeContext);
  const ref = useRef<HTMLDivElement>(null);
  const fieldErrors = Object.entries(errors ?? scope.fieldErrors).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const formErrors = scope.formErrors;
  const shown = fieldErrors.length + formErrors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
    // Focus moves when the action answers, not when an error leaves as the person edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope.failure]);
  if (!shown) return null;
  const labelOf = (name: string) => labelIn(labels ?? scope.labels, name);
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">エラー：{scope.failure?.title ?? title}</h2>
      <ul>
        {formErrors.map((message) => (
          <li key={`form:${message}`}>{message}</li>
        ))}
        {fieldErrors.map(([name, message]) => {
          const label = labelOf(name);
          return (
            <li key={name}>
              <a href={`#${fieldId(name)}`}>
                {label ? `${label}：` : ""}
                {message}
              </a>
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}
