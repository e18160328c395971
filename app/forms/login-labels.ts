// The login form's labels (validated on the server: login-schema.server.ts).

export const LOGIN_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
};
