// The reset request form's labels (the form validates on the server: schema.server.ts).

export const RECOVER_FIELD_LABELS: Record<string, string> = { email: "メールアドレス" };
