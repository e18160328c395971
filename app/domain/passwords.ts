// The password area (§1, §2 reset and recover, §7 the three password calls).

/** Django's MinimumLengthValidator as the upstream sets it, and its field's length (REFERENCE.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Django's validators as the upstream applies them (REFERENCE.md), said before anyone types. */
export const NEW_PASSWORD_RULE_TEXT = `${PASSWORD_MIN_LENGTH}文字以上${PASSWORD_MAX_LENGTH}文字以内で入力してください。数字だけのパスワード、よく使われるパスワード、メールアドレスに似たパスワードは使えません。`;

export const PasswordMessage = {
  tooShort: `パスワードは${PASSWORD_MIN_LENGTH}文字以上で入力してください。`,
  tooLong: `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください。`,
  entirelyNumeric: "数字だけのパスワードは使えません。",
  mismatch: "パスワードが一致しません。同じパスワードを入力してください。",
  resetLinkRejected:
    "このパスワード再設定用のリンクは使えません。すでに使用済みか、有効期限（24時間）が切れているか、URLが途中で切れている可能性があります。",
  requestRefused: "受け付けできませんでした。入力内容をご確認ください。",
  resetRefused: "パスワードを設定できませんでした。入力内容をご確認ください。",
} as const;

export const RESET_LINK_VALID_HOURS = 24;

/** A refused uid or token is not fixable in the form: the person needs a new link. */
export function isRejectedResetLink(fieldErrors: Record<string, unknown>): boolean {
  return ["uid", "token"].some((field) => {
    const value = fieldErrors[field];
    return Array.isArray(value) ? value.length > 0 : value != null && value !== "";
  });
}

// Django puts the validators' messages on new_password2; the app already checked the two match,
// so they are shown at the new password, where the person will change it.
export function placeNewPasswordErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const { new_password2: onConfirmation, ...rest } = fieldErrors;
  if (onConfirmation === undefined) return fieldErrors;
  if (rest.new_password1 !== undefined) return fieldErrors;
  return { ...rest, new_password1: onConfirmation };
}
