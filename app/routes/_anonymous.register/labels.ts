// The registration form's labels and choices (the form validates on the server: schema.server.ts).

export const REGISTER_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
  corporate_division: "事業形態",
  agreement: "利用規約への同意",
  partner_data_consent: "提携先への情報の提供への同意",
};
