// The storage quota per user (config.uploadQuota, decision 0022): the bytes of every file the user keeps,
// those submitted entries hold included, and the files stored in one day (Japan's calendar date, a
// deleted file still counted). Checked before a byte is read when the declared length already says no,
// while the file is read (never spooled past the room left), and again in the transaction that keeps it,
// so two uploads at once cannot pass it together.

import type { UploadQuota } from "../config";
import type { Db } from "../db/database";
import { type ApiError, validationError } from "../http/errors";
import { dateJst } from "../time";
import { UploadMessage } from "./messages";
import { FILE_FIELD } from "./multipart";

/**
 * The most a request's fields and part headers may add to its file when its declared length is judged
 * before reading: a body longer than the room left by more than this cannot hold a file that fits. The
 * app's come to well under 1 KiB.
 */
export const QUOTA_FORM_ALLOWANCE = 64 * 1024;

export interface UploadRoom {
  bytesLeft: number;
  filesLeftToday: number;
}

export function uploadRoom(db: Db, userId: number, quota: UploadQuota, now: Date): UploadRoom {
  const { bytes } = db
    .prepare("SELECT COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE user_id = ?")
    .get(userId) as { bytes: number };
  const today = db
    .prepare("SELECT files FROM upload_days WHERE user_id = ? AND day = ?")
    .get(userId, dateJst(now)) as { files: number } | undefined;
  return {
    bytesLeft: Math.max(0, quota.maxBytes - bytes),
    filesLeftToday: Math.max(0, quota.filesPerDay - (today?.files ?? 0)),
  };
}

/** Why a file of `size` bytes may not be kept (a 400 on `content`), or null when it fits. */
export function quotaRefusal(room: UploadRoom, quota: UploadQuota, size: number): ApiError | null {
  if (room.filesLeftToday < 1) {
    return validationError({ [FILE_FIELD]: [UploadMessage.tooManyToday(quota.filesPerDay)] });
  }
  if (size > room.bytesLeft) {
    return validationError({ [FILE_FIELD]: [UploadMessage.overQuota(quota.maxBytes, room.bytesLeft)] });
  }
  return null;
}

/** The size of the smallest file a body of this declared length can carry (for the check before reading). */
export function leastFileSize(declaredLength: number): number {
  return Math.max(1, declaredLength - QUOTA_FORM_ALLOWANCE);
}

/** Counts one more stored file for the user's day (inside the transaction that keeps it). */
export function countStoredFile(db: Db, userId: number, now: Date): void {
  db.prepare(
    `INSERT INTO upload_days (user_id, day, files) VALUES (?, ?, 1)
     ON CONFLICT (user_id, day) DO UPDATE SET files = files + 1`,
  ).run(userId, dateJst(now));
}
