// §7 uploads and their deletion, always with a Content-Length (Django reads a chunked body as empty);
// decisions 0016 and 0022. Receiving the browser's form: app/forms/multipart-form.server.ts.

import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { PendingFile } from "~/domain/draft-entry";
import type { AcceptedContentType } from "~/domain/file-kinds";
import { uploadFailureText } from "~/domain/error-messages";
import { withoutJpegMetadata } from "~/domain/jpeg-metadata";
import { UploadRuleMessage } from "~/domain/upload-rules";
import { type AnswerSchema, UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import { UpstreamError, UpstreamServerError, UpstreamValidationError, firstMessages } from "./errors.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";

export interface OutgoingFile {
  originalName: string;
  contentType: AcceptedContentType;
  /** Exactly the number of bytes open() yields: the upstream request's Content-Length counts on it. */
  size: number;
  open(): AsyncIterable<Uint8Array>;
}

/** §3 Uploaded file (docs/upstream-api/uploads.md): only the fields the app reads. */
export const uploadedFileSchema = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  created_at: z.string(),
  error: z
    .boolean()
    .nullish()
    .transform((flag) => flag === true),
  side: z.enum(["front", "back"]).nullish(),
  size: z.number().nullish(),
}) satisfies AnswerSchema<PendingFile>;

export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// §5: one upload per kind at a time. The key held tells a browser's retry of the same file from another.
const inFlight = new Map<string, string>();

export class UploadInProgressError extends Error {
  constructor(readonly sameFile = false) {
    super(UploadRuleMessage.inProgress);
  }
}

/** The key came back with another slot's upload (decision 0022): this file is neither stored nor linked. */
export class UploadKeyUsedElsewhereError extends Error {
  constructor() {
    super(UploadRuleMessage.keyUsedElsewhere);
  }
}

/** §7 POST /api/uploads/; a lost answer is looked up by the upload's key (decision 0022). */
export async function sendUpload(
  ctx: UpstreamCaller,
  upload: {
    kind: string;
    side?: "front" | "back";
    file: OutgoingFile;
    uploadKey?: string | null;
  },
): Promise<UploadedFile> {
  const key = `${ctx.session.credentials.sessionid ?? "anonymous"}:${upload.kind}:${upload.side ?? ""}`;
  const idempotencyKey = `upload-${upload.uploadKey ?? randomUUID()}`;
  const running = inFlight.get(key);
  if (running !== undefined) throw new UploadInProgressError(running === idempotencyKey);
  inFlight.set(key, idempotencyKey);
  try {
    const boundary = `----sakidori${randomBytes(16).toString("hex")}`;
    const fields: [string, string][] = [
      ["idempotency_key", idempotencyKey],
      ["kind", upload.kind],
    ];
    if (upload.side) fields.push(["side", upload.side]);
    const head = Buffer.from(
      fields
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; ${filenameParameters(upload.file.originalName)}\r\n` +
        `Content-Type: ${upload.file.contentType}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = upload.file;
    const body = (async function* () {
      yield head;
      // Where a photo was taken stays with the person (decision 0034); the length is kept.
      yield* file.contentType === "image/jpeg" ? withoutJpegMetadata(file.open()) : file.open();
      yield tail;
    })();
    let uploaded: UploadedFile;
    try {
      uploaded = await writeOnce(
        () =>
          ctx.client.send(
            "POST",
            "/api/uploads/",
            {
              stream: body,
              contentType: `multipart/form-data; boundary=${boundary}`,
              contentLength: head.length + file.size + tail.length,
            },
            uploadedFileSchema,
          ),
        () => findUploadByKey(ctx, idempotencyKey),
      );
    } catch (error) {
      if (error instanceof UpstreamServerError && error.status === 422)
        throw new UploadKeyUsedElsewhereError();
      throw error;
    }
    // Checked here too: an upstream that replays a key for any kind would have this file linked elsewhere.
    if (!isForSlot(uploaded, upload)) throw new UploadKeyUsedElsewhereError();
    return uploaded;
  } finally {
    inFlight.delete(key);
  }
}

// A side is checked when the answer has one (identity files): no other kind takes a side at all.
function isForSlot(uploaded: UploadedFile, sent: { kind: string; side?: "front" | "back" }): boolean {
  return uploaded.kind === sent.kind && (uploaded.side == null || uploaded.side === sent.side);
}

const keyedUploadSchema = uploadedFileSchema.extend({ idempotency_key: z.string().nullish() });

// Matched on the key each answer carries: an upstream that ignored the filter still finds only this one.
async function findUploadByKey(ctx: UpstreamCaller, idempotencyKey: string): Promise<UploadedFile | null> {
  const uploads = await ctx.client.call("GET", "/api/uploads/", {
    query: { idempotency_key: idempotencyKey },
    schema: z.array(keyedUploadSchema),
    ...LOST_ANSWER_LOOKUP,
  });
  const found = uploads.find((upload) => upload.idempotency_key === idempotencyKey);
  if (!found) return null;
  const { idempotency_key: _key, ...uploaded } = found;
  return uploaded;
}

/** The files a slot of several holds now (decision 0035): its kind's pending files, oldest first. */
export async function loadSlotFiles(ctx: UpstreamCaller, kind: string): Promise<UploadedFile[]> {
  const files = await ctx.client.call("GET", "/api/uploads/", {
    query: { kind },
    schema: z.array(uploadedFileSchema),
  });
  return files.filter((file) => file.kind === kind && !file.error);
}

export async function deleteUpload(ctx: UpstreamCaller, id: number): Promise<void> {
  await ctx.client.call("DELETE", `/api/uploads/${id}/`, { schema: UNREAD_ANSWER });
}

/** Deletes replaced or removed files: a refusal (4xx) only leaves a pending file no entry holds. */
export async function deleteUploadsQuietly(ctx: UpstreamCaller, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    try {
      await deleteUpload(ctx, id);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 499) throw error;
    }
  }
}

// RFC 7578 §4.2: a quoted ASCII fallback, then an RFC 8187 ext-value with only attr-char unencoded
// (an unencoded ' ends the value in busboy, the reference upstream's parser).
function filenameParameters(name: string): string {
  const lastComponent = path
    .basename(name.replace(/\\/g, "/"))
    // eslint-disable-next-line no-control-regex -- control characters have no place in a header
    .replace(/[\u0000-\u001f\u007f]/g, "");
  const clean = Array.from(lastComponent).slice(0, 200).join("") || "file";
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const extValue = Array.from(new TextEncoder().encode(clean), (byte) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("");
  return `filename="${ascii}"; filename*=UTF-8''${extValue}`;
}

/** §8: first non-field error, else アップロードエラー (message), else アップロードエラー. */
export function uploadFailureMessage(error: unknown): string | null {
  if (error instanceof UploadInProgressError) return error.message;
  if (error instanceof UploadKeyUsedElsewhereError) return uploadFailureText(null, error.message);
  if (!(error instanceof UpstreamValidationError)) return null;
  const first = Object.values(firstMessages(error.fieldErrors))[0];
  return uploadFailureText(error.nonFieldErrors[0] ?? null, first ?? null);
}
