// The form system's scope and error summary (decision 0009): the action's failure shape reaches each
// field, which names its form with `form=` so it works beside upload slots (forms cannot nest).

import { type ReactNode, createContext, useContext, useEffect, useRef, useState } from "react";
import { type FormFailure, NON_FIELD_ERRORS, isFormFailure } from "~/forms/form-failure";

export { NON_FIELD_ERRORS };

/** What a page shows in its fields before anything was sent: the saved values, by field name. */
export type FormDefaults = Readonly<Record<string, string | null | undefined>>;

/** Each field's label, also used by the error summary; a function for names with an index. */
export type FieldLabels = Readonly<Record<string, string>> | ((name: string) => string | null | undefined);

interface Scope {
  /** The fields' `form` attribute; null when they stand inside it. */
  formId: string | null;
  postsWith?: string;
  failure: FormFailure | null;
  fieldErrors: Readonly<Record<string, string>>;
  formErrors: readonly string[];
  /** What the person sent: it beats any default. */
  sent: FormDefaults;
  defaults: FormDefaults;
  labels?: FieldLabels;
  /** An edited field's message leaves until the next submit. */
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

/** One form's fields and summary; `failure` (useActionData) counts when its formId is this form's. */
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
  labels?: FieldLabels;
  /** Errors settled since the answer (a missing file uploaded since) no longer show. */
  resolved?(name: string): boolean;
  /** The form the fields are sent with, when not their own (decision 0007). */
  postsWith?: string;
  children: ReactNode;
}) {
  const mine = isFormFailure(failure) && (failure.formId === null || failure.formId === id) ? failure : null;
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

/** One field's id, message, starting value and form; exported for controls like the upload slot. */
export function useField(name: string, override?: { error?: string | null; defaultValue?: string }) {
  // What was sent comes back first, then the page's own value for this field, then the form's.
  const scope = useContext(FormScopeContext);
  const error = override?.error ?? scope.fieldErrors[name];
  return {
    id: fieldId(name),
    error: error || undefined,
    defaultValue: scope.sent[name] ?? override?.defaultValue ?? scope.defaults[name] ?? "",
    form: scope.postsWith ?? scope.formId ?? undefined,
    label: labelIn(scope.labels, name),
    onInput: () => scope.edited(name),
  };
}

/** What several fields start from, for a figure derived before any script runs (the claims' totals). */
export function useStartingValues(fields: readonly (readonly [name: string, pageValue: string])[]): string[] {
  const scope = useContext(FormScopeContext);
  return fields.map(([name, pageValue]) => scope.sent[name] ?? pageValue ?? scope.defaults[name] ?? "");
}

/** The error summary (GOV.UK, デジタル庁): it links each message to its field and takes focus on a new answer. */
export function ErrorSummary({
  labels,
  errors,
  title = "入力内容をご確認ください",
  children,
}: {
  /** After 「エラー：」; the answer's own title wins (the server failed, nothing typed was wrong). */
  title?: string;
  children?: ReactNode;
  labels?: FieldLabels;
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
  // A form brought back filled after a login (decision 0027): said where the summary would be.
  const notice = scope.failure?.notice ? (
    <p className="notice" role="status">
      {scope.failure.notice}
    </p>
  ) : null;
  if (!shown) return notice;
  const labelOf = (name: string) => labelIn(labels ?? scope.labels, name);
  return (
    <>
      {notice}
      <div
        className="error-summary"
        role="alert"
        tabIndex={-1}
        ref={ref}
        aria-labelledby="error-summary-title"
      >
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
    </>
  );
}
