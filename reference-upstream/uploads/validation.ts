// The rules of POST /api/uploads/ over a parsed form: `kind` a §3 kind (optionally -{displayId}),
// `side` front/back for identity files only, `content` a non-empty PDF, JPEG or PNG of at most
// 10 MiB recognised by its first bytes (ARCHITECTURE §8), an optional `idempotency_key` of at
// most 64 characters. All field errors are reported together, as DRF's serializer does.

import {
  type AcceptedContentType,
  IDENTITY_SIDES,
  type IdentitySide,
  parseUploadKind,
  sniffContentType,
} from "../../app/domain/file-kinds";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../../app/domain/upstream-limits";
import { DrfMessage, validationError } from "../http/errors";
import { UploadMessage } from "./messages";
import { FILE_FIELD, type ParsedUpload } from "./multipart";

/** DRF's CharField message for "" ("This field may not be blank."). */
const BLANK = "この項目は空にできません。";

export interface ValidUpload {
  kind: string;
  side: IdentitySide | null;
  contentType: AcceptedContentType;
  size: number;
  tempPath: string;
  clientName: string | undefined;
  /** The client's key for this upload, or null when it sent none. */
  idempotencyKey: string | null;
}

/**
 * `tooLarge` is the message for a file cut off at the parser's cap: the 10 MiB rule's, or the quota's
 * when the room left was the smaller cap.
 */
export function validateUpload(form: ParsedUpload, tooLarge: string = UploadMessage.tooLarge): ValidUpload {
  const errors: Record<string, string[]> = {};

  const kind = form.fields.get("kind");
  const parsedKind = kind ? parseUploadKind(kind) : null;
  if (kind === undefined) errors.kind = [DrfMessage.required];
  else if (kind === "") errors.kind = [BLANK];
  else if (!parsedKind) errors.kind = [DrfMessage.invalidChoice(kind)];

  // §3: "identity files also have a front or back side"; no other kind has one.
  const side = form.fields.get("side") || undefined;
  const isSide = (value: string): value is IdentitySide =>
    (IDENTITY_SIDES as readonly string[]).includes(value);
  if (side !== undefined && !isSide(side)) errors.side = [DrfMessage.invalidChoice(side)];
  else if (parsedKind?.base === "identity" && side === undefined) errors.side = [DrfMessage.required];
  else if (parsedKind && parsedKind.base !== "identity" && side !== undefined) {
    errors.side = [UploadMessage.sideOnlyForIdentity];
  }

  const idempotencyKey = form.fields.get("idempotency_key");
  if (idempotencyKey === "") errors.idempotency_key = [BLANK];
  else if (idempotencyKey !== undefined && [...idempotencyKey].length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    errors.idempotency_key = [DrfMessage.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH)];
  }

  const file = form.content;
  // A browser's file input left empty posts filename="" with no bytes: no file, as DRF says.
  const noFile = file === null || (!file.clientName && file.size === 0 && !file.tooLarge);
  let contentType: AcceptedContentType | null = null;
  if (noFile) errors[FILE_FIELD] = [form.contentText ? UploadMessage.notAFile : UploadMessage.noFile];
  else if (file.tooLarge) errors[FILE_FIELD] = [tooLarge];
  else if (file.size === 0) errors[FILE_FIELD] = [UploadMessage.emptyFile];
  else {
    // The stored type is the sniffed one, never the client's (a renamed .exe stays refused).
    contentType = sniffContentType(file.head);
    if (!contentType) errors[FILE_FIELD] = [UploadMessage.unsupportedType];
  }

  if (Object.keys(errors).length > 0 || !file || !contentType || !kind || !file.tempPath) {
    throw validationError(errors);
  }
  return {
    kind,
    side: side !== undefined && isSide(side) ? side : null,
    contentType,
    size: file.size,
    tempPath: file.tempPath,
    clientName: file.clientName,
    idempotencyKey: idempotencyKey ?? null,
  };
}
