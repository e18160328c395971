// The upload row and its API shape (§3 Uploaded file), shared by the users, uploads and entries code.

export interface UploadRow {
  id: number;
  user_id: number;
  kind: string;
  side: "front" | "back" | null;
  name: string;
  content_type: string;
  size: number;
  storage_path: string;
  error: number;
  message: string;
  is_active_delinquency: number;
  /** The client's key for this upload (a lost answer's lookup, a replay), or null. */
  idempotency_key: string | null;
  created_at: string;
}

/** §3 Uploaded file: id, kind, name, content_type, created_at, error flag, message; identity files a side. */
export function serializeUpload(row: UploadRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    content_type: row.content_type,
    size: row.size,
    created_at: row.created_at,
    error: row.error === 1,
    message: row.message,
    idempotency_key: row.idempotency_key,
    ...(row.kind === "identity" ? { side: row.side } : {}),
    ...(row.kind.startsWith("delinquency") ? { is_active: row.is_active_delinquency === 1 } : {}),
  };
}
