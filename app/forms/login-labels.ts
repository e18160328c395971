// The login form's labels (the form validates on the server: schema.server.ts).

export const LOGIN_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
};
