// Errors in the shapes Django REST Framework answers with (REFERENCE.md), in Japanese as a
// Japanese-locale DRF speaks. Handlers throw these; the server turns them into responses.

export type FieldErrors = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`upstream API error ${status}`);
  }
}

export const DrfMessage = {
  required: "この項目は必須です。",
  notFound: "見つかりませんでした。",
  notAuthenticated: "認証情報が含まれていません。",
  permissionDenied: "この操作を実行する権限がありません。",
  methodNotAllowed: (method: string) => `メソッド "${method}" は許されていません。`,
  unsupportedMediaType: (type: string) => `リクエストのメディアタイプ "${type}" はサポートされていません。`,
  parseError: (reason: string) => `JSONパースエラー - ${reason}`,
  invalidChoice: (value: string) => `"${value}" は有効な選択肢ではありません。`,
  invalidInteger: "有効な整数を入力してください。",
  invalidNumber: "有効な数値を入力してください。",
  invalidBoolean: "有効な真偽値を入力してください。",
  invalidDate: "日付の形式が違います。以下のどれかの形式にしてください: YYYY-MM-DD。",
  invalidEmail: "有効なメールアドレスを入力してください。",
  notAList: (type: string) => `アイテムのリストが期待されていましたが "${type}" 型を受け取りました。`,
  notAnObject: (type: string) => `辞書型が期待されていましたが "${type}" 型を受け取りました。`,
  maxLength: (max: number) => `この項目が ${max} 文字より長くならないようにしてください。`,
  maxValue: (max: number) => `この値は ${max} 以下にしてください。`,
  minValue: (min: number) => `この値は ${min} 以上にしてください。`,
  throttled: (seconds: number) => `リクエストの処理は絞られました。${seconds} 秒後に利用できます。`,
  serverError: "サーバーエラーが発生しました。",
  bodyTooLarge: "リクエストが大きすぎます。",
} as const;

/** 400 with per-field errors: `{"field": ["message"], "non_field_errors": ["…"]}`. */
export function validationError(errors: FieldErrors): ApiError {
  return new ApiError(400, errors);
}

export function nonFieldError(message: string): ApiError {
  return new ApiError(400, { non_field_errors: [message] });
}

export function detailError(status: number, detail: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { detail, ...extra });
}

export const notFound = () => detailError(404, DrfMessage.notFound);
export const notAuthenticated = () => detailError(403, DrfMessage.notAuthenticated);
export const permissionDenied = () => detailError(403, DrfMessage.permissionDenied);
