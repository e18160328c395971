// The operator's legal texts (decision 0019), read and checked once when the server starts.

import fs from "node:fs";
import path from "node:path";
import type { Brand } from "~/brand/brands";
import { partnerConsentTerms } from "~/domain/partner-consent";
import { publishedTerms } from "~/domain/published-terms";
import { readConfig } from "~/settings/config.server";
import { type LegalText, LegalTextError, fillLegalText, parseLegalText } from "./legal-text";

const BRAND_PLACEHOLDERS = [
  "serviceName",
  "operatorName",
  "supportEmail",
  "partnerName",
  "customers",
  "contactDesk",
  "partnerData",
  "partnerPurpose",
  "purchaseRatioRange",
  "feeRange",
  "costRange",
  "reviewDays",
  "payoutLeadDays",
] as const;
const AGREEMENT_PLACEHOLDERS = [
  "seller",
  "buyer",
  "code",
  "totalPurchaseAmount",
  "totalFee",
  "totalBankCharge",
  "totalReceived",
  "totalRepayment",
  "totalMarginPart",
  "totalCost",
  "payoutDate",
  "returnAccount",
] as const;

export const LEGAL_DOCUMENTS = {
  terms: BRAND_PLACEHOLDERS,
  privacy: BRAND_PLACEHOLDERS,
  security: BRAND_PLACEHOLDERS,
  sct: BRAND_PLACEHOLDERS,
  agreement: [...BRAND_PLACEHOLDERS, ...AGREEMENT_PLACEHOLDERS],
} as const;
export type LegalDocumentId = keyof typeof LEGAL_DOCUMENTS;
export type AgreementValues = Record<(typeof AGREEMENT_PLACEHOLDERS)[number], string | null>;

export function readLegalTexts(dir: string): Record<LegalDocumentId, LegalText> {
  const texts = {} as Record<LegalDocumentId, LegalText>;
  for (const [id, allowed] of Object.entries(LEGAL_DOCUMENTS) as [LegalDocumentId, readonly string[]][]) {
    const file = path.join(dir, `${id}.md`);
    if (!fs.existsSync(file)) {
      throw new LegalTextError(
        `${file}: missing (the folder needs ${Object.keys(LEGAL_DOCUMENTS).join(".md, ")}.md)`,
      );
    }
    texts[id] = parseLegalText(fs.readFileSync(file, "utf8"), file, allowed);
  }
  return texts;
}

// Not appConfig(): the tests that import a page set the environment after the import.
const TEXTS = readLegalTexts(readConfig(process.env).legalContentDir);

export function brandValues(brand: Brand) {
  const partner = brand.partnerName ? partnerConsentTerms(brand.partnerName) : null;
  return {
    serviceName: brand.serviceName,
    operatorName: brand.operatorName,
    supportEmail: brand.supportEmail,
    contactDesk: brand.contactDesk,
    partnerName: brand.partnerName,
    customers: brand.individualSupported ? "法人または個人事業主" : "法人",
    // The registration's consent asks in these words; the privacy policy says them (one source).
    partnerData: partner?.data ?? null,
    partnerPurpose: partner?.purpose ?? null,
    ...publishedTerms(brand.pricing),
  };
}

export function legalText(id: LegalDocumentId, brand: Brand, entry?: AgreementValues): LegalText {
  return fillLegalText(TEXTS[id], { ...brandValues(brand), ...entry });
}
