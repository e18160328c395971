// E-mail activation as the user reads it (contract addition: the activation mail, its link and the
// resend). The upstream's rules the texts describe: a link is valid for 7 days, works once, and a
// resend makes every earlier link unusable.

export const ACTIVATION_LINK_VALID_DAYS = 7;

export const ActivationMessage = {
  invalidKey: "このリンクは無効か、有効期限が切れています。",
  invalidKeyHelp: `確認メールのリンクは、最後にお送りしたメールのものだけが${ACTIVATION_LINK_VALID_DAYS}日間有効で、一度使うと使えなくなります。`,
  newMailHow:
    "新しい確認メールが必要な場合は、ログインして「メールアドレスの確認」の画面から確認メールを再送してください。",
  resent:
    "確認メールを再送しました。以前にお送りしたメールのリンクは使えなくなりましたので、新しいメールのリンクを開いてください。",
  alreadyVerified: "メールアドレスの確認は完了しています。",
} as const;
