// Uploads (ARCHITECTURE §8): one file per upstream POST, sent with a Content-Length (Django
// reads a chunked body as empty), and their deletion (§7 DELETE /api/uploads/{id}/). Receiving the
// browser's multipart form is app/forms/multipart-form.server.ts.

import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { PendingFile } from "~/domain/draft-entry";
import type { AcceptedContentType } from "~/domain/file-kinds";
import { uploadFailureText } from "~/domain/error-messages";
import { UploadRuleMessage } from "~/domain/upload-rules";
import { type AnswerSchema, UNREAD_ANSWER, type UpstreamCaller } from "./client.server";
import { UpstreamError, UpstreamValidationError, firstMessages } from "./errors.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";

/** A file to send upstream: what the upstream's multipart part says of it, and its bytes. */
export interface OutgoingFile {
  /** The name on the person's computer: metadata only, never a path. */
  originalName: string;
  contentType: AcceptedContentType;
  /** Exactly the number of bytes open() yields: the upstream request's Content-Length counts on it. */
  size: number;
  /** The file's bytes, read once; an error thrown while reading aborts the upstream request. */
  open(): AsyncIterable<Uint8Array>;
}

/**
 * §3 Uploaded file, as the upstream answers (docs/upstream-api/uploads.md): the fields the app reads.
 * The others (content_type, size, message, is_active …) are ignored; only identity files carry `side`.
 */
export const uploadedFileSchema = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** §3 "error flag": absent or null is no error. */
  error: z
    .boolean()
    .nullish()
    .transform((flag) => flag === true),
  side: z.enum(["front", "back"]).nullish(),
}) satisfies AnswerSchema<PendingFile>;

export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * Only one upload per kind at a time (§5): a second one while the first runs is refused. Each holds
 * the key it is stored under, to tell a browser's retry of the same file from another file.
 */
const inFlight = new Map<string, string>();

export class UploadInProgressError extends Error {
  /** `sameFile`: the one running is this file's earlier try (same key), whose end the retry should wait for. */
  constructor(readonly sameFile = false) {
    super(UploadRuleMessage.inProgress);
  }
}

/**
 * §7 POST /api/uploads/: multipart with kind (and side for identity) and content, streamed with the
 * Content-Length worked out beforehand (the preamble, the file's size, the epilogue). A file whose
 * bytes break off or run over its size aborts the request: the upstream, short of its Content-Length,
 * keeps nothing. Each upload carries a key of its own (idempotency_key, docs/upstream-api/uploads.md):
 * when the answer is lost, the upload stored under that key is the answer (writeOnce), so a stored file
 * never reads as a failure; none found is the lost answer's 499 as before.
 */
export async function sendUpload(
  ctx: UpstreamCaller,
  upload: {
    kind: string;
    side?: "front" | "back";
    file: OutgoingFile;
    /** The browser's key for the file, the same on each of its retries (newUploadKey); else a fresh one. */
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
      yield* file.open();
      yield tail;
    })();
    return await writeOnce(
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
  } finally {
    inFlight.delete(key);
  }
}

/** An upload as the lookup reads it: with the key it was stored under. */
const keyedUploadSchema = uploadedFileSchema.extend({ idempotency_key: z.string().nullish() });

/**
 * The upload stored under `idempotencyKey` (contract addition GET /api/uploads/?idempotency_key=…), or
 * null. Matched on the key the answer carries, so an upstream that ignored the filter and answered
 * every pending file still finds only that one.
 */
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

/** §7 DELETE /api/uploads/{id}/: 204; 400 when a submitted entry holds the file, 404 when not the user's. */
export async function deleteUpload(ctx: UpstreamCaller, id: number): Promise<void> {
  await ctx.client.call("DELETE", `/api/uploads/${id}/`, { schema: UNREAD_ANSWER });
}

/**
 * Deletes files nobody will see again (replaced by a newer upload, or a removed claim's or
 * statement's). A refusal (4xx) only leaves a pending file that no entry will hold; no answer or a
 * server error is the §8 error screen, as for any call.
 */
export async function deleteUploadsQuietly(ctx: UpstreamCaller, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    try {
      await deleteUpload(ctx, id);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 499) throw error;
    }
  }
}

/**
 * A file name both old and new multipart parsers read (RFC 7578 §4.2): a quoted ASCII fallback
 * without `"` or `\\` (which would end or escape it), then the name as RFC 8187 ext-value, where only
 * attr-char may stand unencoded (encodeURIComponent leaves ' ( ) * ! unencoded: they are not all
 * attr-char, and an unencoded ' ends the value in busboy, the reference upstream's parser).
 */
function filenameParameters(name: string): string {
  const lastComponent = path
    .basename(name.replace(/\\/g, "/"))
    // eslint-disable-next-line no-control-regex -- control characters have no place in a header
    .replace(/[\u0000-\u001f\u007f]/g, "");
  // 200 characters, not UTF-16 units: an emoji is never cut in half.
  const clean = Array.from(lastComponent).slice(0, 200).join("") || "file";
  const ascii = clean.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const extValue = Array.from(new TextEncoder().encode(clean), (byte) =>
    /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("");
  return `filename="${ascii}"; filename*=UTF-8''${extValue}`;
}

/**
 * §8 "Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー."
 */
export function uploadFailureMessage(error: unknown): string | null {
  if (error instanceof UploadInProgressError) return error.message;
  if (!(error instanceof UpstreamValidationError)) return null;
  const first = Object.values(firstMessages(error.fieldErrors))[0];
  return uploadFailureText(error.nonFieldErrors[0] ?? null, first ?? null);
}
