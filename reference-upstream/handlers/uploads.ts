// §7 uploads: POST /api/uploads/ (multipart kind + content), DELETE /api/uploads/{id}/,
// PATCH /api/uploads/active_delinquency/ (ids); contract additions GET /api/uploads/ (the user's
// files not yet held by an entry) and GET /api/uploads/{id}/content/ (the stored bytes).
// Files stream to disk (ARCHITECTURE §8) within the user's quota (decision 0022); a user only
// ever sees their own uploads.

import fs from "node:fs";
import { MAX_UPLOAD_BYTES } from "../../app/domain/upload-rules";
import { parseUploadKind } from "../../app/domain/file-kinds";
import { inTransaction } from "../db/database";
import { type RequestContext, idParam } from "../http/context";
import { ApiError, DrfMessage, nonFieldError, notFound, validationError } from "../http/errors";
import type { Reply, RouteDefinition } from "../http/router";
import { isoJst } from "../time";
import { type UploadRow, serializeUpload } from "../uploads-store";
import { pendingUploads } from "../users";
import { UploadMessage } from "../uploads/messages";
import { type UploadLimits, checkUploadRequest, parseUpload } from "../uploads/multipart";
import {
  delinquencyUploads,
  deleteUpload,
  findOwnUpload,
  findUploadByKey,
  insertUpload,
  isAttachedToEntry,
  setActiveDelinquency,
} from "../uploads/repository";
import {
  moveIntoStore,
  newStoragePath,
  removeQuietly,
  resolveStoragePath,
  sanitizeFileName,
} from "../uploads/storage";
import { countStoredFile, leastFileSize, quotaRefusal, uploadRoom } from "../uploads/quota";
import { type ValidUpload, validateUpload } from "../uploads/validation";

/** 10 MiB a file, plus 1 MiB for the fields and part headers: an endless body cannot fill the disk. */
export const UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: MAX_UPLOAD_BYTES,
  maxRequestBytes: MAX_UPLOAD_BYTES + 1024 * 1024,
};

async function createUpload(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const { dataDir, uploadQuota: quota } = ctx.config;
  checkUploadRequest(ctx.req, UPLOAD_LIMITS);
  // The quota (decision 0022): a declared length that cannot fit is refused before a byte is read, and
  // no more than the room left is ever spooled.
  const room = uploadRoom(ctx.db, user.id, quota, ctx.now);
  const early = quotaRefusal(room, quota, leastFileSize(Number(ctx.req.headers["content-length"])));
  if (early) throw early;
  const cappedByRoom = room.bytesLeft < UPLOAD_LIMITS.maxFileBytes;
  const form = await parseUpload(
    ctx.req,
    dataDir,
    cappedByRoom ? { ...UPLOAD_LIMITS, maxFileBytes: room.bytesLeft } : UPLOAD_LIMITS,
  );
  try {
    const upload = validateUpload(
      form,
      cappedByRoom ? UploadMessage.overQuota(quota.maxBytes, room.bytesLeft) : UploadMessage.tooLarge,
    );
    const key = upload.idempotencyKey;
    // A replay of a key answers the upload first stored under it, for its kind and side only (decision
    // 0022); this file is not kept.
    const replayed = key === null ? null : findUploadByKey(ctx.db, user.id, key);
    if (replayed) return replayOf(replayed, upload);
    const refused = quotaRefusal(uploadRoom(ctx.db, user.id, quota, ctx.now), quota, upload.size);
    if (refused) throw refused;
    const storagePath = newStoragePath(user.id, upload.contentType);
    await moveIntoStore(dataDir, upload.tempPath, storagePath);
    let stored: { row: UploadRow; replay: boolean };
    try {
      stored = inTransaction(ctx.db, () => {
        // Checked again where it counts: two posts of one key at once store one file, and two files
        // at once pass the quota only if both fit.
        const first = key === null ? null : findUploadByKey(ctx.db, user.id, key);
        if (first) return { row: first, replay: true };
        const over = quotaRefusal(uploadRoom(ctx.db, user.id, quota, ctx.now), quota, upload.size);
        if (over) throw over;
        countStoredFile(ctx.db, user.id, ctx.now);
        const row = insertUpload(ctx.db, {
          user_id: user.id,
          kind: upload.kind,
          side: upload.side,
          name: sanitizeFileName(upload.clientName, upload.contentType),
          content_type: upload.contentType,
          size: upload.size,
          storage_path: storagePath,
          idempotency_key: key,
          created_at: isoJst(ctx.now),
        });
        return { row, replay: false };
      });
    } catch (error) {
      await removeQuietly(resolveStoragePath(dataDir, storagePath));
      throw error;
    }
    if (!stored.replay) return { status: 201, body: serializeUpload(stored.row) };
    await removeQuietly(resolveStoragePath(dataDir, storagePath));
    return replayOf(stored.row, upload);
  } finally {
    // Already moved on success (then this finds nothing); removed on every other path.
    await removeQuietly(form.content?.tempPath);
  }
}

/** 422 as for an idempotency key reused with another request (draft-ietf-httpapi-idempotency-key-header). */
function replayOf(first: UploadRow, replay: ValidUpload): Reply {
  if (first.kind !== replay.kind || first.side !== replay.side) {
    throw new ApiError(422, { idempotency_key: [UploadMessage.keyUsedElsewhere] });
  }
  return { status: 200, body: serializeUpload(first) };
}

function listUploads(ctx: RequestContext): Reply {
  const user = ctx.requireUser();
  const kind = ctx.url.searchParams.get("kind") ?? "";
  if (kind !== "" && !parseUploadKind(kind))
    throw validationError({ kind: [DrfMessage.invalidChoice(kind)] });
  // The key a client sent with an upload: how it finds that one upload when the answer was lost.
  const key = ctx.url.searchParams.get("idempotency_key");
  const uploads = pendingUploads(ctx.db, user.id).filter(
    (row) => (kind === "" || row.kind === kind) && (key === null || row.idempotency_key === key),
  );
  return { status: 200, body: uploads.map(serializeUpload) };
}

async function destroyUpload(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const upload = findOwnUpload(ctx.db, user.id, idParam(ctx));
  if (!upload) throw notFound();
  inTransaction(ctx.db, () => {
    // A file a submitted entry holds is part of that entry's record (and entry_files points at it).
    if (isAttachedToEntry(ctx.db, upload.id)) throw nonFieldError(UploadMessage.attachedToEntry);
    deleteUpload(ctx.db, upload.id);
  });
  await removeQuietly(resolveStoragePath(ctx.config.dataDir, upload.storage_path));
  return { status: 204 };
}

async function downloadUpload(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const upload = findOwnUpload(ctx.db, user.id, idParam(ctx));
  const absolute = upload && resolveStoragePath(ctx.config.dataDir, upload.storage_path);
  if (!upload || !absolute) throw notFound();
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(absolute, "r");
  } catch {
    throw notFound();
  }
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    status: 200,
    headers: {
      "Content-Type": upload.content_type,
      "Content-Length": String(size),
      "Content-Disposition": attachmentDisposition(upload.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
    stream: handle.createReadStream(),
  };
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name (RFC 5987), so Japanese names survive. */
function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function updateActiveDelinquency(ctx: RequestContext): Promise<Reply> {
  const user = ctx.requireUser();
  const ids = parseIds(await ctx.readJson());
  const uploads = inTransaction(ctx.db, () => {
    const own = new Set(delinquencyUploads(ctx.db, user.id).map((row) => row.id));
    const foreign = ids.filter((id) => !own.has(id));
    if (foreign.length > 0) throw validationError({ ids: foreign.map(UploadMessage.invalidPk) });
    setActiveDelinquency(ctx.db, user.id, ids);
    return delinquencyUploads(ctx.db, user.id);
  });
  return { status: 200, body: uploads.map(serializeUpload) };
}

/** `{ids: [int, …]}` as DRF's ListField(child=IntegerField()) reads it ("3" is an integer too). */
function parseIds(body: unknown): number[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw validationError({ non_field_errors: [DrfMessage.notAnObject(pythonTypeName(body))] });
  }
  const value = (body as Record<string, unknown>).ids;
  if (value === undefined) throw validationError({ ids: [DrfMessage.required] });
  if (!Array.isArray(value)) throw validationError({ ids: [DrfMessage.notAList(pythonTypeName(value))] });
  const ids = value.map((item) => {
    const id = typeof item === "string" && /^\s*-?[0-9]{1,15}\s*$/.test(item) ? Number(item) : item;
    return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
  });
  if (ids.some((id) => id === null)) throw validationError({ ids: [DrfMessage.invalidInteger] });
  return [...new Set(ids as number[])];
}

/** The type name DRF's messages quote (Python's). */
function pythonTypeName(value: unknown): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
}

export const uploadRoutes: RouteDefinition[] = [
  { method: "GET", path: "/api/uploads/", handler: listUploads },
  { method: "POST", path: "/api/uploads/", handler: createUpload },
  { method: "PATCH", path: "/api/uploads/active_delinquency/", handler: updateActiveDelinquency },
  { method: "DELETE", path: "/api/uploads/:id/", handler: destroyUpload },
  { method: "GET", path: "/api/uploads/:id/content/", handler: downloadUpload },
];
