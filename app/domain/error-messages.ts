// §8's error catalogue: messages a person reads, verbatim from the specification. Apart from §5's
// validation messages (messages.ts), which no page's bundle needs.

/** §8 Error catalogue. */
export const ErrorMessage = {
  csrfMismatch: "ユーザー認証情報が古くなっています。大変申し訳ございませんが、再度ログインしてください",
  status: (code: number) => `ステータス ${code}`,
  uploadError: "アップロードエラー",
  uploadErrorWith: (message: string) => `アップロードエラー (${message})`,
  deleteFailed: "削除に失敗しました。画面をリロードして再度お試しください",
  draftSaveError: "入力内容に誤りがあります。入力内容をご確認いただき、ご修正ください。",
  saveFailed: "申込みに失敗しました",
  saveFailedDetail: "エラーのある項目をご確認ください",
  claimLimit: "申し込みに登録できる請求書は5個までです。",
  /** The upstream answered the login without a session (a maintenance page, a broken proxy). */
  loginNoSession:
    "ログインできませんでした。サーバーから正しい応答がありませんでした。しばらく時間をおいてから再度お試しください。",
  /** A form's save met the upstream's server error: the error summary's heading, above the form as typed. */
  savingServerError: "サーバーエラーのため保存できませんでした",
  /** The same with no answer in time: whether it was saved is not known. */
  savingNoAnswer: "サーバーから応答がなく、保存できたか確認できませんでした",
  /** Said under either: what was typed is still in the form. */
  savingTypedKept: "入力した内容は消えていません。しばらくしてから、もう一度お試しください。",
} as const;

/**
 * §8 "Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー."
 * The upstream's refusals and the app's own checks of a file (its bytes, its size) read alike.
 */
export function uploadFailureText(nonFieldError: string | null, message: string | null): string {
  if (nonFieldError) return nonFieldError;
  return message ? ErrorMessage.uploadErrorWith(message) : ErrorMessage.uploadError;
}

/** §8 "Claim limit: 申し込みに登録できる請求書は5個までです。 shown with status 599." */
export const CLAIM_LIMIT_STATUS = 599;
/** §8 "No response: server error network error, status 499." */
export const NETWORK_ERROR_STATUS = 499;
