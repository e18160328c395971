// The browser's multipart form without JavaScript (decisions 0007, 0008): files spooled to a temporary
// directory, since what was typed is saved before any file is sent; at most one file's limit in all.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { type AcceptedContentType, sniffContentType } from "~/domain/file-kinds";
import { MAX_FILES_TOGETHER, MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { badRequestScreen } from "~/request/context.server";
import { logger } from "~/telemetry/logger.server";
import type { OutgoingFile } from "~/upstream/uploads.server";

export interface ReceivedFile {
  path: string;
  size: number;
  /** The name on the person's computer: metadata only, never a path. */
  originalName: string;
  contentType: AcceptedContentType | null;
}

/** One file field of a multipart form: the spooled file, or the rule it broke (size). */
export interface ReceivedFilePart {
  file: ReceivedFile | null;
  /** Set when the file broke a rule (size): the message to show at the input. */
  fileError: string | null;
}

export interface ReceivedForm extends ReceivedFilePart {
  fields: Record<string, string>;
  /** Every text field in order, repeated names kept: what a step form's own parser reads. */
  formData: FormData;
  /** Each file field's files in the order chosen: a slot of several files sends them under one name. */
  parts: Map<string, ReceivedFilePart[]>;
  cleanup(): Promise<void>;
}

/** The form around one file; a wizard step's whole form stays far below it. */
export const FORM_OVERHEAD_BYTES = 256 * 1024;
/** What one file sent alone may bring (decision 0008): more is answered 413 without being read. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/**
 * What a page's form with its files may bring and still be read (decision 0007): a file too large is
 * read past and refused at its slot, what was typed kept; more is answered 413 without being read.
 */
export const MAX_MULTIPART_REQUEST_BYTES = 4 * MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;

class BodyTooLarge extends Error {}

const SPOOL_ROOT = path.join(os.tmpdir(), "sakidori-uploads");

const MAX_TEXT_FIELDS = 1_000;
const MAX_TEXT_BYTES = 64 * 1024;

export interface ReceiveOptions {
  /** Which file fields to keep; any other file is read past and dropped. */
  isFileField?(name: string): boolean;
}

/** The bytes all parts of one request may spool together: one file's limit. */
interface SpoolBudget {
  left: number;
}

/** Throws 413 past MAX_MULTIPART_REQUEST_BYTES and 400 for a body the parser cannot read; cleanup() removes the files. */
export async function receiveMultipartForm(
  request: Request,
  { isFileField = (name) => name === "content" }: ReceiveOptions = {},
): Promise<ReceivedForm> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > MAX_MULTIPART_REQUEST_BYTES) {
    throw badRequestScreen(413);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? undefined },
      // Browsers send a UTF-8 file name in filename="…" (not RFC 8187), so read it as UTF-8.
      defParamCharset: "utf8",
      limits: {
        // busboy flags a file of exactly `fileSize` bytes as truncated, so the cap is one byte
        // higher and "too large" means one byte past MAX_UPLOAD_BYTES was seen.
        fileSize: MAX_UPLOAD_BYTES + 1,
        fieldSize: MAX_TEXT_BYTES,
        fields: MAX_TEXT_FIELDS,
        // A step form's names are long (claims[0].receive_payment_account…): busboy's 100 would cut them.
        fieldNameSize: 1024,
      },
    });
  } catch {
    // busboy throws at once on a missing or malformed boundary (or a type that is not multipart).
    throw badRequestScreen(400);
  }
  if (!request.body) throw badRequestScreen(400);

  const dir = path.join(SPOOL_ROOT, randomBytes(12).toString("hex"));
  await fs.promises.mkdir(dir, { recursive: true });
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const formData = new FormData();
  const budget: SpoolBudget = { left: MAX_UPLOAD_BYTES };
  // In the order the parts came; filled in as each file is written.
  const received: { name: string; spooled: Promise<ReceivedFilePart> }[] = [];
  const tooMany: ReceivedFilePart = { file: null, fileError: UploadRuleMessage.tooManyTogether };

  parser.on("field", (name, value) => {
    // A file input with nothing chosen may arrive as a text part: as if it were not there.
    if (isFileField(name)) return;
    fields[name] = value;
    formData.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // A file input with nothing chosen arrives as a file part without a name: as if it were not there.
    if (!info.filename || !isFileField(name)) {
      stream.resume(); // a file in a field nobody reads: keep nothing
      return;
    }
    if (received.length >= MAX_FILES_TOGETHER) {
      stream.resume(); // refused at its slot, not dropped unsaid
      received.push({ name, spooled: Promise.resolve(tooMany) });
      return;
    }
    const spooled = spool(stream, dir, info.filename, budget);
    spooled.catch(() => {}); // read below, once the body is through
    received.push({ name, spooled });
  });

  try {
    await pipeline(
      Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>),
      capAt(MAX_MULTIPART_REQUEST_BYTES),
      parser,
    );
  } catch (error) {
    await Promise.allSettled(received.map((part) => part.spooled));
    await cleanup();
    if (error instanceof BodyTooLarge) throw badRequestScreen(413);
    // Anything else the body did (truncated, malformed, the browser went away) is the request's fault.
    logger().info({ cause: String(error) }, "uploads: unreadable multipart body");
    throw badRequestScreen(400);
  }
  const parts = new Map<string, ReceivedFilePart[]>();
  try {
    for (const { name, spooled } of received) parts.set(name, [...(parts.get(name) ?? []), await spooled]);
  } catch (error) {
    // The body was fine: the disk was not (a server fault).
    await Promise.allSettled(received.map((part) => part.spooled));
    await cleanup();
    throw error;
  }
  const content = parts.get("content")?.[0];
  return {
    fields,
    formData,
    parts,
    file: content?.file ?? null,
    fileError: content?.fileError ?? null,
    cleanup,
  };
}

/** Passes the body on until it passes `limit` bytes, then stops it (a body without a length). */
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

/** Writes one file part within the request's budget; a file that would pass it is refused and removed. */
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

/** Why a file may not be sent (§8 says it as 「アップロードエラー (why)」), or null when it may. */
export function fileProblem(part: ReceivedFilePart): string | null {
  if (part.fileError) return part.fileError;
  if (!part.file) return UploadRuleMessage.noFile;
  if (part.file.size === 0) return UploadRuleMessage.emptyFile;
  if (!part.file.contentType) return UploadRuleMessage.unsupportedType;
  return null;
}

/** A spooled file that passed fileProblem, as sendUpload takes it. */
export function spooledFile(file: ReceivedFile & { contentType: AcceptedContentType }): OutgoingFile {
  return {
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    open: () => fs.createReadStream(file.path),
  };
}
