// §7 uploads and their deletion. Always with a Content-Length: Django reads a chunked body as empty.
// Streamed through with JavaScript (decision 0016); a form without it is spooled first (decisions 0007, 0008).

import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { z } from "zod";
import type { PendingFile } from "~/domain/draft-entry";
import { type AcceptedContentType, sniffContentType } from "~/domain/file-kinds";
import { uploadFailureText } from "~/domain/error-messages";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { type RequestContext, badRequestScreen } from "~/request/context.server";
import { type AnswerSchema, UNREAD_ANSWER } from "./client.server";
import { UpstreamError, UpstreamValidationError, firstMessages } from "./errors.server";
import { LOST_ANSWER_LOOKUP, writeOnce } from "./write-once.server";
import { logger } from "~/telemetry/logger.server";

export interface OutgoingFile {
  originalName: string;
  contentType: AcceptedContentType;
  /** Exactly the number of bytes open() yields: the upstream request's Content-Length counts on it. */
  size: number;
  open(): AsyncIterable<Uint8Array>;
}

export interface ReceivedFile {
  path: string;
  size: number;
  originalName: string;
  contentType: AcceptedContentType | null;
}

export interface ReceivedFilePart {
  file: ReceivedFile | null;
  fileError: string | null;
}

export interface ReceivedForm extends ReceivedFilePart {
  fields: Record<string, string>;
  formData: FormData;
  parts: Map<string, ReceivedFilePart>;
  cleanup(): Promise<void>;
}

export const FORM_OVERHEAD_BYTES = 256 * 1024;
/** What one upload request may bring (decision 0008): more is answered 413 without being read. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;

class BodyTooLarge extends Error {}

const SPOOL_ROOT = path.join(os.tmpdir(), "sakidori-uploads");

// Empty file inputs are not spooled, and never more files than a page has slots.
const MAX_SPOOLED_FILES = 16;
const MAX_TEXT_FIELDS = 1_000;
const MAX_TEXT_BYTES = 64 * 1024;

export interface ReceiveOptions {
  isFileField?(name: string): boolean;
}

interface SpoolBudget {
  left: number;
}

export async function receiveMultipartForm(
  request: Request,
  { isFileField = (name) => name === "content" }: ReceiveOptions = {},
): Promise<ReceivedForm> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > MAX_UPLOAD_REQUEST_BYTES) {
    throw badRequestScreen(413);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? undefined },
      // Browsers send a UTF-8 file name in filename="…" (not RFC 8187), so read it as UTF-8.
      defParamCharset: "utf8",
      limits: {
        // busboy flags a file of exactly `fileSize` bytes as truncated: the cap is one byte higher.
        fileSize: MAX_UPLOAD_BYTES + 1,
        fieldSize: MAX_TEXT_BYTES,
        fields: MAX_TEXT_FIELDS,
        // A step form's names are long (claims[0].receive_payment_account…): busboy's 100 would cut them.
        fieldNameSize: 1024,
      },
    });
  } catch {
    throw badRequestScreen(400);
  }
  if (!request.body) throw badRequestScreen(400);

  const dir = path.join(SPOOL_ROOT, randomBytes(12).toString("hex"));
  await fs.promises.mkdir(dir, { recursive: true });
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const formData = new FormData();
  const budget: SpoolBudget = { left: MAX_UPLOAD_BYTES };
  const received: { name: string; spooled: Promise<ReceivedFilePart> }[] = [];

  parser.on("field", (name, value) => {
    // A file input with nothing chosen may arrive as a text part: as if it were not there.
    if (isFileField(name)) return;
    fields[name] = value;
    formData.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    if (
      !info.filename ||
      !isFileField(name) ||
      received.some((part) => part.name === name) ||
      received.length >= MAX_SPOOLED_FILES
    ) {
      stream.resume(); // a second file, or one in a field nobody reads: keep nothing
      return;
    }
    const spooled = spool(stream, dir, info.filename, budget);
    spooled.catch(() => {}); // read below, once the body is through
    received.push({ name, spooled });
  });

  try {
    await pipeline(
      Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
      capAt(MAX_UPLOAD_REQUEST_BYTES),
      parser,
    );
  } catch (error) {
    await Promise.allSettled(received.map((part) => part.spooled));
    await cleanup();
    if (error instanceof BodyTooLarge) throw badRequestScreen(413);
    logger().info({ cause: String(error) }, "uploads: unreadable multipart body");
    throw badRequestScreen(400);
  }
  const parts = new Map<string, ReceivedFilePart>();
  try {
    for (const { name, spooled } of received) parts.set(name, await spooled);
  } catch (error) {
    await Promise.allSettled(received.map((part) => part.spooled));
    await cleanup();
    throw error;
  }
  const content = parts.get("content");
  return {
    fields,
    formData,
    parts,
    file: content?.file ?? null,
    fileError: content?.fileError ?? null,
    cleanup,
  };
}

function capAt(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.byteLength;
      if (seen > limit) callback(new BodyTooLarge());
      else callback(null, chunk);
    },
  });
}

async function spool(
  stream: Readable & { truncated?: boolean },
  dir: string,
  rawName: string,
  budget: SpoolBudget,
): Promise<ReceivedFilePart> {
  const target = path.join(dir, randomBytes(8).toString("hex"));
  let size = 0;
  let head = Buffer.alloc(0);
  let overBudget = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      size += chunk.byteLength;
      if (overBudget || chunk.byteLength > budget.left) {
        overBudget = true;
        callback(); // read on to the part's end (busboy stops at one byte past the limit), keep nothing
        return;
      }
      budget.left -= chunk.byteLength;
      if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
      callback(null, chunk);
    },
  });
  await pipeline(stream, counter, fs.createWriteStream(target, { flags: "wx", mode: 0o600 }));
  if (overBudget) {
    await fs.promises.rm(target, { force: true });
    const message = stream.truncated ? UploadRuleMessage.tooLarge : UploadRuleMessage.tooLargeTogether;
    return { file: null, fileError: message };
  }
  const file = {
    path: target,
    size,
    originalName: fileNameAsSent(rawName),
    contentType: sniffContentType(head),
  };
  return { file, fileError: null };
}

// Browsers send `"`, CR and LF in a quoted file name as %22, %0D, %0A; a name is one line.
function fileNameAsSent(raw: string): string {
  return raw.replace(/%22/g, '"').replace(/%0[AD]/gi, "");
}

export function fileProblem(part: ReceivedFilePart): string | null {
  if (part.fileError) return part.fileError;
  if (!part.file) return UploadRuleMessage.noFile;
  if (part.file.size === 0) return UploadRuleMessage.emptyFile;
  if (!part.file.contentType) return UploadRuleMessage.unsupportedType;
  return null;
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
}) satisfies AnswerSchema<PendingFile>;

export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// §5: one upload per kind at a time. The key held tells a browser's retry of the same file from another.
const inFlight = new Map<string, string>();

export class UploadInProgressError extends Error {
  constructor(readonly sameFile = false) {
    super(UploadRuleMessage.inProgress);
  }
}

export function spooledFile(file: ReceivedFile & { contentType: AcceptedContentType }): OutgoingFile {
  return {
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    open: () => fs.createReadStream(file.path),
  };
}

/** §7 POST /api/uploads/; a lost answer is looked up by the upload's key (decision 0022). */
export async function sendUpload(
  ctx: RequestContext,
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

const keyedUploadSchema = uploadedFileSchema.extend({ idempotency_key: z.string().nullish() });

// Matched on the key each answer carries: an upstream that ignored the filter still finds only this one.
async function findUploadByKey(ctx: RequestContext, idempotencyKey: string): Promise<UploadedFile | null> {
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

export async function deleteUpload(ctx: RequestContext, id: number): Promise<void> {
  await ctx.client.call("DELETE", `/api/uploads/${id}/`, { schema: UNREAD_ANSWER });
}

/** Deletes replaced or removed files: a refusal (4xx) only leaves a pending file no entry holds. */
export async function deleteUploadsQuietly(ctx: RequestContext, ids: readonly number[]): Promise<void> {
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
  if (!(error instanceof UpstreamValidationError)) return null;
  const first = Object.values(firstMessages(error.fieldErrors))[0];
  return uploadFailureText(error.nonFieldErrors[0] ?? null, first ?? null);
}
