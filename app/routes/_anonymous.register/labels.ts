// The registration form's labels and choices (the form validates on the server: schema.server.ts).

export const REGISTER_FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
  password_confirmation: "パスワード（確認）",
  corporate_division: "事業形態",
  agreement: "利用規約への同意",
};

export const CORPORATE_DIVISION_OPTIONS = [
  { value: "corporate", label: "法人" },
  { value: "individual", label: "個人事業主" },
] as const;

/** §6: a brand without individuals offers 法人 only, and says so. */
export const CORPORATE_ONLY_HINT = "このサービスは法人のお客さまのみご利用いただけます。";
export const CORPORATE_ONLY_MESSAGE = `${CORPORATE_ONLY_HINT}事業形態は「法人」を選択してください。`;

/** The choices a brand offers (individualSupported: false offers 法人 only). */
export function divisionOptions(individualSupported: boolean) {
  return CORPORATE_DIVISION_OPTIONS.filter((option) => individualSupported || option.value === "corporate");
}

export { NEW_PASSWORD_RULE_TEXT as PASSWORD_RULE_TEXT } from "~/domain/passwords";
