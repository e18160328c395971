// §8's error catalogue, verbatim; §5's validation messages are in messages.ts.

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
  loginNoSession:
    "ログインできませんでした。サーバーから正しい応答がありませんでした。しばらく時間をおいてから再度お試しください。",
  savingServerError: "サーバーエラーのため保存できませんでした",
  savingNoAnswer: "サーバーから応答がなく、保存できたか確認できませんでした",
  savingTypedKept: "入力した内容は消えていません。しばらくしてから、もう一度お試しください。",
} as const;

/** §8 "Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー." */
export function uploadFailureText(nonFieldError: string | null, message: string | null): string {
  if (nonFieldError) return nonFieldError;
  return message ? ErrorMessage.uploadErrorWith(message) : ErrorMessage.uploadError;
}

/** §8 "Claim limit: 申し込みに登録できる請求書は5個までです。 shown with status 599." */
export const CLAIM_LIMIT_STATUS = 599;
/** §8 "No response: server error network error, status 499." */
export const NETWORK_ERROR_STATUS = 499;
