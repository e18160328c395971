// The sides of an identity document that are reviewed: マイナンバーカード its front only, since its back carries
// the 個人番号 the privacy policy says is never collected. The app and the reference upstream judge by this.

import type { IdentityDocumentType } from "./enumerations";
import type { IdentitySide } from "./file-kinds";

const FRONT_AND_BACK: readonly IdentitySide[] = ["front", "back"];

export const IDENTITY_DOCUMENT_SIDES: Record<IdentityDocumentType, readonly IdentitySide[]> = {
  drivingLicence: FRONT_AND_BACK,
  passport: FRONT_AND_BACK,
  individualNumber: ["front"],
  other: FRONT_AND_BACK,
};

/** The card whose back is never taken, named for the page's CSS and scripts. */
export const FRONT_ONLY_DOCUMENT: IdentityDocumentType = "individualNumber";

export const IdentityDocumentMessage = {
  filesRequired: "本人確認書類（表面・裏面）をアップロードしてください。",
  pairRequired: "本人確認書類は表面と裏面の両方をアップロードしてください。",
  cardFrontRequired: "マイナンバーカードの表面をアップロードしてください。",
  cardBackRefused:
    "マイナンバーカードの裏面はお受けできません。裏面には個人番号（マイナンバー）が記載されているため、表面だけをご提出ください。",
  /** The line beside the front's file picker. */
  cardFrontOnly:
    "マイナンバーカードの場合は表面だけをお送りください。裏面には個人番号（マイナンバー）が記載されているため、送らないでください。",
  /** Beside a status of files uploaded and not yet submitted: the button that submits them. */
  awaitsSubmission: (button: string) =>
    `アップロードした本人確認書類は、「${button}」を押すと提出され、確認が始まります。`,
} as const;

/** The sides a document needs; before its type is known, both. */
export function identitySidesFor(type: IdentityDocumentType | null | undefined): readonly IdentitySide[] {
  return type ? IDENTITY_DOCUMENT_SIDES[type] : FRONT_AND_BACK;
}

/** What is asked when no file of the document has been uploaded at all. */
export function identityFilesRequired(type: IdentityDocumentType | null | undefined): string {
  return type === FRONT_ONLY_DOCUMENT
    ? IdentityDocumentMessage.cardFrontRequired
    : IdentityDocumentMessage.filesRequired;
}

/** Why the sides offered do not make the document (a side it must not have, or one missing), else null. */
export function identityDocumentProblem(
  type: IdentityDocumentType | null | undefined,
  sides: Iterable<IdentitySide | null>,
): string | null {
  const offered = new Set(sides);
  const needed = identitySidesFor(type);
  if (type === FRONT_ONLY_DOCUMENT && offered.has("back")) return IdentityDocumentMessage.cardBackRefused;
  if (needed.every((side) => offered.has(side))) return null;
  return type === FRONT_ONLY_DOCUMENT
    ? IdentityDocumentMessage.cardFrontRequired
    : IdentityDocumentMessage.pairRequired;
}
