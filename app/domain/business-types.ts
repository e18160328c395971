// §6 "When the individual-supported setting is false, individual users are logged out and sent to
// /unsupported/": a brand without individuals must then never let an account become one. The business
// types a brand offers, and the refusal of one it does not accept, written once for every form that
// asks (register, the profile forms) and for the reference upstream.

import { CORPORATE_DIVISION_LABELS } from "./profile-labels";

export type OfferedDivision = "corporate" | "individual";

/** The choices of 事業形態 a brand offers: 法人 only when it does not serve individuals. */
export function divisionChoices(individualSupported: boolean): { value: OfferedDivision; label: string }[] {
  const offered: OfferedDivision[] = individualSupported ? ["corporate", "individual"] : ["corporate"];
  return offered.map((value) => ({ value, label: CORPORATE_DIVISION_LABELS[value] }));
}

/** Said beside the one choice a corporate-only brand offers. */
export const CORPORATE_ONLY_HINT = "このサービスは法人のお客さまのみご利用いただけます。";
/** The field error for 個人事業主 sent to a brand that does not accept it. */
export const CORPORATE_ONLY_MESSAGE = `${CORPORATE_ONLY_HINT}事業形態は「法人」を選択してください。`;

/** The refusal of a business type the brand does not accept; null when it accepts it. */
export function divisionRefusal(division: unknown, individualSupported: boolean): string | null {
  return !individualSupported && division === "individual" ? CORPORATE_ONLY_MESSAGE : null;
}
