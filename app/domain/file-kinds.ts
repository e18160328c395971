// §3 Uploaded file kinds. "An upload kind may carry a -{displayId} suffix."

/** §3 Financial-statement state: the upload kinds of the financial step. */
export const FINANCIAL_KINDS = [
  "pl",
  "bs",
  "breakdown_statement",
  "sga_expenses",
  "tb_pl",
  "tb_bs",
  "tax_returns",
  "business_opening",
] as const;
export type FinancialKind = (typeof FINANCIAL_KINDS)[number];

export const FILE_KINDS = [
  "identity",
  "invoice",
  "additional_doc",
  "withdrawals_detail",
  "passbook_cover",
  "passbook_details",
  "ib_info",
  "ib_details",
  "financial_statements",
  ...FINANCIAL_KINDS,
  "delinquency",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const IDENTITY_SIDES = ["front", "back"] as const;
export type IdentitySide = (typeof IDENTITY_SIDES)[number];

export const ACCEPTED_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];

export interface ParsedUploadKind {
  base: FileKind;
  displayId: number | null;
}

/** "invoice-3" → { base: "invoice", displayId: 3 }; null for no §3 kind (no leading zeros). */
export function parseUploadKind(kind: string): ParsedUploadKind | null {
  const match = /^([a-z_]+?)(?:-([1-9][0-9]{0,2}))?$/.exec(kind);
  if (!match) return null;
  const base = match[1] as FileKind;
  if (!(FILE_KINDS as readonly string[]).includes(base)) return null;
  return { base, displayId: match[2] ? Number(match[2]) : null };
}

/** §3 "Upload slots per claim: invoice-{n}, additional_doc-{n}." */
export function claimUploadKind(base: "invoice" | "additional_doc", displayId: number): string {
  return `${base}-${displayId}`;
}

export function claimUploadSlot(base: "invoice" | "additional_doc", displayId: number): string {
  return `claim-${displayId}-${base}`;
}

export function sniffContentType(head: Uint8Array): AcceptedContentType | null {
  const startsWith = (bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  return null;
}

/** The slot's file input has this id, so the error summary links to it. */
export const uploadFieldName = (slot: string) => `upload_${slot}`;
