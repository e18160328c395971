// §2 errors in the URL's hash, moved into ?error= by an inline script so the server renders them
// (decision 0015). Only known codes are shown: a URL must never put arbitrary text before the user.

import type { EntryStepName } from "~/domain/entry-steps";
import { ErrorMessage } from "~/domain/error-messages";

/** A function, not a module-level table, or the browser build keeps ErrorMessage on every page. */
function messages() {
  return {
    csrf: ErrorMessage.csrfMismatch,
    session_expired: "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。",
    auth: "認証に失敗しました。お手数ですが、再度ログインしてください。",
    logged_out: "ログアウトしました。",
    unfinished_invoices: "請求書の入力がまだ終わっていません。先にこちらをご入力ください。",
    unfinished_financial: "決算書類の提出がまだ終わっていません。先にこちらをご入力ください。",
    unfinished_tax_return: "確定申告書の提出がまだ終わっていません。先にこちらをご入力ください。",
    unfinished_withdrawals: "入出金明細・振込先の入力がまだ終わっていません。先にこちらをご入力ください。",
    entry_blocked:
      "現在、新しいお申し込みはできません。理由と、していただくことは「お申し込み」の欄をご覧ください。",
  } as const;
}

export type PropagatedErrorCode = keyof ReturnType<typeof messages>;

const INFORMATIONAL: readonly PropagatedErrorCode[] = [
  "logged_out",
  "unfinished_invoices",
  "unfinished_financial",
  "unfinished_tax_return",
  "unfinished_withdrawals",
  "entry_blocked",
];

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

export const HASH_PARAM = "hash_errors";

/** location.replace, so Back does not return to the hash; errorsFromHash on the server is the one parser. */
export const HASH_TO_QUERY_SCRIPT =
  "(function(l){var h=l.hash;if(h.length>1&&h.length<=1000&&h.indexOf('errors')>-1){" +
  `var q=new URLSearchParams(l.search);q.set('${HASH_PARAM}',h.slice(1));` +
  "l.replace(l.pathname+'?'+q.toString())}})(location)";

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

const UNFINISHED_STEP_NOTICE: Partial<Record<EntryStepName, PropagatedErrorCode>> = {
  submitInvoices: "unfinished_invoices",
  submitFinancialStatements: "unfinished_financial",
  submitWithdrawalsDetail: "unfinished_withdrawals",
};

/** Which step is unfinished, in the owner's words: a sole proprietor's second step is the 確定申告書. */
export function unfinishedStepNotice(
  step: EntryStepName,
  division: unknown,
): PropagatedErrorCode | undefined {
  if (step === "submitFinancialStatements" && division === "individual") return "unfinished_tax_return";
  return UNFINISHED_STEP_NOTICE[step];
}

export function withNotice(path: string, code: PropagatedErrorCode | undefined): string {
  return code ? `${path}?error=${code}` : path;
}
