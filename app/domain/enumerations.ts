// §3 Enumerations, spelled as the API spells them.

export const CORPORATE_DIVISIONS = ["none", "corporate", "individual"] as const;
export type CorporateDivision = (typeof CORPORATE_DIVISIONS)[number];

export const SECTORS = [
  "unknown",
  "construction",
  "manufacturing",
  "information_and_communications",
  "services",
  "transportation",
  "wholesale_and_retail_trade",
  "finance_and_insurance",
  "real_estate",
  "goods_rental_and_leasing",
  "agriculture_forestry_fishery",
  "mining_and_quarrying_of_stone_and_gravel",
  "textiles_apparels_and_chemical_allied_products",
  "iron_and_steel",
  "electricity_gas_heat_supply_and_water",
  "other",
] as const;
export type Sector = (typeof SECTORS)[number];
export const DEFAULT_SECTOR: Sector = "unknown";

export const IDENTITY_DOCUMENT_TYPES = ["drivingLicence", "passport", "individualNumber", "other"] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export const FINANCIAL_STATEMENT_TYPES = [
  "financialStatements",
  "trialBalance",
  "declarationETax",
  "declarationDocument",
  "businessOpening",
] as const;
export type FinancialStatementType = (typeof FINANCIAL_STATEMENT_TYPES)[number];

export const TAX_RETURN_SUBMISSION_METHODS = ["e_tax", "document"] as const;
export type TaxReturnSubmissionMethod = (typeof TAX_RETURN_SUBMISSION_METHODS)[number];

export const CLAIM_DEPOSIT_TYPES = ["ordinary", "current"] as const;
export type ClaimDepositType = (typeof CLAIM_DEPOSIT_TYPES)[number];
export const DEFAULT_DEPOSIT_TYPE: ClaimDepositType = "ordinary";

export const BANK_ACCOUNT_DEPOSIT_TYPES = ["ordinary", "checking"] as const;
export type BankAccountDepositType = (typeof BANK_ACCOUNT_DEPOSIT_TYPES)[number];

/** §3 Account activity statement fileFormat: passbook, ib or unknown (unknown treated as passbook). */
export const STATEMENT_FILE_FORMATS = ["passbook", "ib", "unknown"] as const;
export type StatementFileFormat = (typeof STATEMENT_FILE_FORMATS)[number];

/** §3 System suppression setting method; §4 "Stopping new entries applies when the suppression method is stop-new-entry." */
export const SUPPRESSION_METHODS = ["none", "stop-new-entry"] as const;
export type SuppressionMethod = (typeof SUPPRESSION_METHODS)[number];

export const MAX_CLAIMS_PER_ENTRY = 5;
export const ACCOUNT_HOLDER_NAME_MAX_LENGTH = 30;
export const BANK_ACCOUNT_NUMBER_LENGTH = 7;
export const STATEMENT_LOOKBACK_MONTHS = 4;
export const WHITE_LABEL_CONTENT_TAG_ID = 15;

export const TOAST_DISPLAY_MS = 7000;
