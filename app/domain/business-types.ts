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

/** The words a screen uses for the business's people and papers, one set per business type. */
export interface BusinessWords {
  /** Who answers for the business: a corporation's 代表者, a sole proprietor's own 事業主. */
  owner: string;
  /** The financial documents an entry carries: a sole proprietor files a 確定申告書, not 決算書類. */
  financialDocuments: string;
  /** The business's name as the profile holds it: a sole proprietor has at most a 屋号. */
  businessName: string;
}

const CORPORATE_WORDS: BusinessWords = {
  owner: "代表者",
  financialDocuments: "決算書類",
  businessName: "会社名・屋号",
};

const SOLE_PROPRIETOR_WORDS: BusinessWords = {
  owner: "事業主",
  financialDocuments: "確定申告書",
  businessName: "屋号",
};

/** A sole proprietor (個人事業主) is spoken to as one; a corporation, or a type not yet chosen, as a company. */
export function businessWords(division: unknown): BusinessWords {
  return division === "individual" ? SOLE_PROPRIETOR_WORDS : CORPORATE_WORDS;
}

export interface GreetedUser {
  corporate_division?: string | null;
  company_name?: string | null;
  last_name?: string | null;
  first_name?: string | null;
}

/** Whom My page greets: the company or the 屋号; a sole proprietor without a 屋号, by name. */
export function greetingName(user: GreetedUser): string {
  const business = user.company_name?.trim() ?? "";
  if (business || user.corporate_division !== "individual") return business;
  return [user.last_name, user.first_name]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}
