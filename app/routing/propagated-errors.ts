// propagate-errors-in-hash-json (§2): pages show errors carried in the URL. The hash never reaches
// the server, so the same errors are accepted as ?error=CODE, put into words by the root loader; a
// hash (#{"errors":["CODE"]}) is moved into the query by a few bytes of inline script on the pages that
// show notices (HASH_TO_QUERY_SCRIPT, decision 0015), so the server reads it here too and no page needs
// its scripts for it. Only known codes are shown: a URL must never put arbitrary text in front of the
// user.

import type { EntryStepName } from "~/domain/entry-steps";
import { ErrorMessage } from "~/domain/error-messages";

/**
 * The words of each code. A function, not a module-level table: a table reading another module's
 * object (ErrorMessage) is kept by the browser build on every page importing this module (the root).
 */
function messages() {
  return {
    csrf: ErrorMessage.csrfMismatch,
    session_expired: "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。",
    auth: "認証に失敗しました。お手数ですが、再度ログインしてください。",
    logged_out: "ログアウトしました。",
    // The entry-step guard (§2) sends a user who skips ahead to the first unfinished step, saying why.
    unfinished_invoices: "請求書の入力がまだ終わっていません。先にこちらをご入力ください。",
    unfinished_financial: "決算書類の提出がまだ終わっていません。先にこちらをご入力ください。",
    unfinished_withdrawals: "入出金明細・振込先の入力がまだ終わっていません。先にこちらをご入力ください。",
    // The same guard sends a user who may not start an entry (§4) to My page, which lists why.
    entry_blocked:
      "現在、新しいお申し込みはできません。理由と、していただくことは「お申し込み」の欄をご覧ください。",
  } as const;
}

export type PropagatedErrorCode = keyof ReturnType<typeof messages>;

/** Codes that inform (a notice); the others warn (an alert). */
const INFORMATIONAL: readonly PropagatedErrorCode[] = [
  "logged_out",
  "unfinished_invoices",
  "unfinished_financial",
  "unfinished_withdrawals",
  "entry_blocked",
];

/** A notice as the page shows it: its words, and whether it informs or warns. */
export interface PropagatedNotice {
  code: PropagatedErrorCode;
  text: string;
  informational: boolean;
}

export function noticesFor(codes: readonly PropagatedErrorCode[]): PropagatedNotice[] {
  const words = messages();
  return codes.map((code) => ({
    code,
    text: words[code],
    informational: INFORMATIONAL.includes(code),
  }));
}

function isKnownCode(code: unknown): code is PropagatedErrorCode {
  return typeof code === "string" && Object.hasOwn(messages(), code);
}

export function errorsFromQuery(searchParams: URLSearchParams): PropagatedErrorCode[] {
  const carried = searchParams.get(HASH_PARAM);
  return [
    ...new Set([
      ...searchParams.getAll("error").filter(isKnownCode),
      ...(carried === null ? [] : errorsFromHash(`#${carried}`)),
    ]),
  ];
}

/** The query parameter a URL's hash is moved into (the hash's text, as the browser gives it). */
export const HASH_PARAM = "hash_errors";

/**
 * Inline script for a page that shows notices: a hash that may carry errors is moved into the query
 * (location.replace, so Back does not return to it) and the server renders the notices. It reads
 * nothing itself: errorsFromHash, on the server, is the one parser.
 */
export const HASH_TO_QUERY_SCRIPT =
  "(function(l){var h=l.hash;if(h.length>1&&h.length<=1000&&h.indexOf('errors')>-1){" +
  `var q=new URLSearchParams(l.search);q.set('${HASH_PARAM}',h.slice(1));` +
  "l.replace(l.pathname+'?'+q.toString())}})(location)";

/** Reads `#{"errors":["csrf"]}` (or the URL-encoded form); unknown codes and bad JSON are ignored. */
export function errorsFromHash(hash: string): PropagatedErrorCode[] {
  if (!hash || hash.length < 2 || hash.length > 1000) return [];
  let text = hash.slice(1);
  try {
    text = decodeURIComponent(text);
  } catch {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const errors = (parsed as { errors?: unknown })?.errors;
    return Array.isArray(errors) ? [...new Set(errors.filter(isKnownCode))] : [];
  } catch {
    return [];
  }
}

/** The notice for a user sent to a step they have not finished (entry-step guard). */
export const UNFINISHED_STEP_NOTICE: Partial<Record<EntryStepName, PropagatedErrorCode>> = {
  submitInvoices: "unfinished_invoices",
  submitFinancialStatements: "unfinished_financial",
  submitWithdrawalsDetail: "unfinished_withdrawals",
};

/** A path with the notice codes as ?error=CODE (read back by errorsFromQuery). */
export function withNotice(path: string, code: PropagatedErrorCode | undefined): string {
  return code ? `${path}?error=${code}` : path;
}
