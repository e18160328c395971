// The uploads table as the upload endpoints read and write it. Every query is scoped to the
// requesting user: another user's upload is simply not found (DRF get_object_or_404 on the user's
// queryset), never a 403.

import type { Db } from "../db/database";
import type { UploadRow } from "../uploads-store";

export interface NewUpload {
  user_id: number;
  kind: string;
  side: "front" | "back" | null;
  name: string;
  content_type: string;
  size: number;
  storage_path: string;
  idempotency_key: string | null;
  created_at: string;
}

export function insertUpload(db: Db, upload: NewUpload): UploadRow {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO uploads (user_id, kind, side, name, content_type, size, storage_path, idempotency_key, created_at)
       VALUES (@user_id, @kind, @side, @name, @content_type, @size, @storage_path, @idempotency_key, @created_at)`,
    )
    .run(upload);
  return findOwnUpload(db, upload.user_id, Number(lastInsertRowid))!;
}

export function findOwnUpload(db: Db, userId: number, id: number): UploadRow | null {
  return (
    (db.prepare("SELECT * FROM uploads WHERE id = ? AND user_id = ?").get(id, userId) as
      UploadRow | undefined) ?? null
  );
}

/** The user's upload stored under the client's key, or null. */
export function findUploadByKey(db: Db, userId: number, key: string): UploadRow | null {
  return (
    (db.prepare("SELECT * FROM uploads WHERE user_id = ? AND idempotency_key = ?").get(userId, key) as
      UploadRow | undefined) ?? null
  );
}

/** An upload held by a submitted entry (entry_files) belongs to that entry and stays. */
export function isAttachedToEntry(db: Db, uploadId: number): boolean {
  return db.prepare("SELECT 1 FROM entry_files WHERE upload_id = ? LIMIT 1").get(uploadId) !== undefined;
}

export function deleteUpload(db: Db, id: number): void {
  db.prepare("DELETE FROM uploads WHERE id = ?").run(id);
}

const DELINQUENCY = "(kind = 'delinquency' OR kind LIKE 'delinquency-%')";

/** The user's delinquency uploads (kind delinquency, with or without its -{displayId}), oldest first. */
export function delinquencyUploads(db: Db, userId: number): UploadRow[] {
  return db
    .prepare(`SELECT * FROM uploads WHERE user_id = ? AND ${DELINQUENCY} ORDER BY id`)
    .all(userId) as UploadRow[];
}

/** Marks exactly `ids` as the active delinquency uploads among the user's delinquency uploads. */
export function setActiveDelinquency(db: Db, userId: number, ids: number[]): void {
  db.prepare(
    `UPDATE uploads SET is_active_delinquency = CASE WHEN id IN (SELECT value FROM json_each(?)) THEN 1 ELSE 0 END
     WHERE user_id = ? AND ${DELINQUENCY}`,
  ).run(JSON.stringify(ids), userId);
}
