// The login form's labels (validated on the server: login-schema.server.ts).

export const LOGIN_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
};

/** §6: the account belongs to another of the brands; the form links to that brand's site. */
export interface WrongServiceNotice {
  url: string;
  serviceName: string;
}
