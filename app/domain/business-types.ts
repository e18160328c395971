// §6: a brand without individuals never lets an account become one; for every form and the upstream.

import { CORPORATE_DIVISION_LABELS } from "./profile-labels";

export type OfferedDivision = "corporate" | "individual";

export function divisionChoices(individualSupported: boolean): { value: OfferedDivision; label: string }[] {
  const offered: OfferedDivision[] = individualSupported ? ["corporate", "individual"] : ["corporate"];
  return offered.map((value) => ({ value, label: CORPORATE_DIVISION_LABELS[value] }));
}

export const CORPORATE_ONLY_HINT = "このサービスは法人のお客さまのみご利用いただけます。";
export const CORPORATE_ONLY_MESSAGE = `${CORPORATE_ONLY_HINT}事業形態は「法人」を選択してください。`;

export function divisionRefusal(division: unknown, individualSupported: boolean): string | null {
  return !individualSupported && division === "individual" ? CORPORATE_ONLY_MESSAGE : null;
}
