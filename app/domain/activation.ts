// E-mail activation: a link is valid for 7 days, works once, and a resend voids every earlier one.

export const ACTIVATION_LINK_VALID_DAYS = 7;

export const RESEND_LIMIT_PER_USER = 3;
export const RESEND_WINDOW_MINUTES = 10;

export const ActivationMessage = {
  invalidKey: "このリンクは無効か、有効期限が切れています。",
  invalidKeyHelp: `確認メールのリンクは、最後にお送りしたメールのものだけが${ACTIVATION_LINK_VALID_DAYS}日間有効で、一度使うと使えなくなります。`,
  newMailHow:
    "新しい確認メールが必要な場合は、ログインして「メールアドレスの確認」の画面から確認メールを再送してください。",
  resent:
    "確認メールを再送しました。以前にお送りしたメールのリンクは使えなくなりましたので、新しいメールのリンクを開いてください。",
  alreadyVerified: "メールアドレスの確認は完了しています。",
  resendLimited: (retryAfterSeconds: number) =>
    `確認メールの再送は${RESEND_WINDOW_MINUTES}分間に${RESEND_LIMIT_PER_USER}回までです。あと${Math.max(1, Math.ceil(retryAfterSeconds / 60))}分ほどたってから、もう一度お試しください。`,
} as const;
