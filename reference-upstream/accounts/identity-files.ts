// Identity documents on the profile (§3 addfiles, identity files with a front or back side) and
// §5 "The profile can be updated only if identity resubmission is not required or identity files
// are present". New files (not yet submitted) going in set the review back to confirming (§4: 1).

import {
  identityDocumentProblem,
  identityFilesRequired,
  identitySidesFor,
} from "../../app/domain/identity-documents";
import type { IdentityDocumentType } from "../../app/domain/enumerations";
import { ReviewStatus, requiresResubmission } from "../../app/domain/statuses";
import type { Db } from "../db/database";
import { DrfMessage, nonFieldError, validationError } from "../http/errors";
import { isoJst } from "../time";
import type { UploadRow } from "../uploads-store";
import type { UserRow } from "../users";
import { type FieldErrors, pythonTypeName } from "./fields";
import { AccountMessage } from "./messages";

const MAX_ADDFILES = 20;

/** An addfiles element: an upload id, its text, or the upload object the profile GET returned (§7). */
function idOf(element: unknown): string | null {
  const raw =
    element !== null && typeof element === "object" && !Array.isArray(element)
      ? (element as { id?: unknown }).id
      : element;
  if (typeof raw === "number" && Number.isSafeInteger(raw) && raw > 0) return String(raw);
  if (typeof raw === "string" && /^[1-9][0-9]{0,15}$/.test(raw)) return raw;
  return null;
}

/**
 * Resolves addfiles to the user's identity uploads. Another user's id reads as nonexistent (as DRF's
 * PrimaryKeyRelatedField over the user's queryset answers); other kinds are refused.
 */
export function resolveIdentityAddfiles(
  db: Db,
  userId: number,
  value: unknown,
  errors: FieldErrors,
): number[] | undefined {
  if (value === undefined) return undefined;
  if (value === null || !Array.isArray(value)) {
    errors.add("addfiles", DrfMessage.notAList(pythonTypeName(value)));
    return undefined;
  }
  if (value.length > MAX_ADDFILES) {
    errors.add("addfiles", AccountMessage.tooManyFiles(MAX_ADDFILES));
    return undefined;
  }
  const ids = new Set<number>();
  for (const element of value) {
    const id = idOf(element);
    if (id === null) {
      errors.add("addfiles", AccountMessage.invalidValue);
      return undefined;
    }
    const upload = db
      .prepare("SELECT kind FROM uploads WHERE id = ? AND user_id = ?")
      .get(Number(id), userId) as Pick<UploadRow, "kind"> | undefined;
    if (!upload) {
      errors.add("addfiles", AccountMessage.uploadNotFound(id));
      return undefined;
    }
    if (upload.kind !== "identity") {
      errors.add("addfiles", AccountMessage.notIdentityUpload(id));
      return undefined;
    }
    ids.add(Number(id));
  }
  return [...ids];
}

/** Identity uploads of the user not yet submitted for review (so uploaded after the last review). */
export function newIdentityUploads(db: Db, userId: number): UploadRow[] {
  return db
    .prepare(
      `SELECT * FROM uploads WHERE user_id = ? AND kind = 'identity'
         AND id NOT IN (SELECT upload_id FROM identity_submission_files)
       ORDER BY id`,
    )
    .all(userId) as UploadRow[];
}

/** The uploads of the sides the document needs: what goes to review (a card's back never does). */
function documentFiles(uploads: UploadRow[], type: IdentityDocumentType | null): UploadRow[] {
  const sides: readonly (string | null)[] = identitySidesFor(type);
  return uploads.filter((upload) => sides.includes(upload.side));
}

/**
 * Applies §5 to a profile update and submits new identity files. Throws a 400 when the update must
 * be refused; otherwise returns whether files were submitted. Run inside the update's transaction.
 * `type` is the document type the update sets, else the stored one; its sides are the shared rule
 * (app/domain/identity-documents.ts: マイナンバーカード its front only).
 */
export function submitIdentityIfNeeded(
  db: Db,
  user: UserRow,
  addfileIds: number[] | undefined,
  type: IdentityDocumentType | null,
  now: Date,
): boolean {
  const fresh = newIdentityUploads(db, user.id);
  const freshInRequest = addfileIds ? fresh.filter((upload) => addfileIds.includes(upload.id)) : [];
  if (freshInRequest.length > 0) {
    // New documents are reviewed whole; a card's back sent is refused, one only lying about is left out.
    const sides = [...documentFiles(fresh, type), ...freshInRequest].map((upload) => upload.side);
    const problem = identityDocumentProblem(type, sides);
    if (problem) throw validationError({ addfiles: [problem] });
  } else if (requiresResubmission(user.identity_confirmation)) {
    // §5: resubmission required (inadequate, nothing, expired) and no new document: refused.
    if (
      identityDocumentProblem(
        type,
        documentFiles(fresh, type).map((upload) => upload.side),
      )
    ) {
      throw nonFieldError(identityFilesRequired(type));
    }
  } else {
    // Nothing new offered and nothing required: the identity review stands (the app sends the
    // already-submitted files back with every profile save).
    return false;
  }
  const stamp = isoJst(now);
  const mark = db.prepare(
    "INSERT INTO identity_submission_files (upload_id, user_id, submitted_at) VALUES (?, ?, ?)",
  );
  for (const upload of documentFiles(fresh, type)) mark.run(upload.id, user.id, stamp);
  db.prepare("UPDATE users SET identity_confirmation = ?, identity_valid_date = NULL WHERE id = ?").run(
    ReviewStatus.confirming,
    user.id,
  );
  return true;
}
