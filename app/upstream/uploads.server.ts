// Uploads (ARCHITECTURE decision 8): one file per POST, received as a stream with a 10 MiB cap,
// checked by its first bytes, spooled to a temporary file, sent to the upstream with a Content-Length
// (Django reads a chunked body as empty), and the temporary files removed whatever happens.

import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "~/domain/enumerations";
import { type AcceptedContentType, sniffContentType } from "~/domain/file-kinds";
import { ErrorMessage, ValidationMessage } from "~/domain/messages";
import { UploadRuleMessage } from "~/domain/upload-rules";
import type { UpstreamContext } from "./context.server";
import { UpstreamValidationError, firstMessages } from "./errors.server";

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
  /** The last value of each text field. */
  fields: Record<string, string>;
  /** Every text field in order, repeated names kept: what a step form's own parser reads. */
  formData: FormData;
  /** The part of each file field that was received (`file`/`fileError` above are `content`'s). */
  parts: Map<string, ReceivedFilePart>;
  cleanup(): Promise<void>;
}

class FileTooLarge extends Error {}

const SPOOL_ROOT = path.join(os.tmpdir(), "sakidori-uploads");

/**
 * A step form posted by an upload button without JavaScript carries every slot's file input, most of
 * them empty. Only chosen files are spooled, and never more than a page has slots.
 */
const MAX_SPOOLED_FILES = 16;
const MAX_TEXT_FIELDS = 1_000;

export interface ReceiveOptions {
  /** Which file fields to keep; any other file is read past and dropped. */
  isFileField?(name: string): boolean;
}

/**
 * Reads a multipart form. Text fields are kept (small: 64 KiB each); each kept file goes to a
 * directory of the request's own that cleanup() removes.
 */
export async function receiveMultipartForm(
  request: Request,
  { isFileField = (name) => name === "content" }: ReceiveOptions = {},
): Promise<ReceivedForm> {
  const dir = path.join(SPOOL_ROOT, randomBytes(12).toString("hex"));
  await fs.promises.mkdir(dir, { recursive: true });
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const formData = new FormData();
  const parts = new Map<string, ReceivedFilePart>();
  let textFields = 0;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (filename === undefined) {
        // A file input with nothing chosen arrives as `filename=""`, which the parser reads as text.
        if (isFileField(name)) {
          await drain(data);
          return undefined;
        }
        const value = await readText(data, 64 * 1024);
        textFields += 1;
        if (textFields <= MAX_TEXT_FIELDS) {
          fields[name] = value;
          formData.append(name, value);
        }
        return undefined;
      }
      if (!isFileField(name) || parts.has(name) || parts.size >= MAX_SPOOLED_FILES) {
        await drain(data); // a second file, or one in a field nobody reads: keep nothing
        return undefined;
      }
      try {
        const file = await spool(data, dir, filename);
        // An empty part is an input with nothing chosen: as if it were not there.
        if (file) parts.set(name, { file, fileError: null });
      } catch (error) {
        if (!(error instanceof FileTooLarge)) throw error;
        parts.set(name, { file: null, fileError: UploadRuleMessage.tooLarge });
        await drain(data); // the rest, so the request completes and the page can answer
      }
      return undefined;
    });
  } catch (error) {
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

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of data) {
    // Reading is what lets the parser move on to the next part.
  }
}

async function readText(data: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= limit) chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function spool(
  data: AsyncIterable<Uint8Array>,
  dir: string,
  filename: string,
): Promise<ReceivedFile | null> {
  const target = path.join(dir, randomBytes(8).toString("hex"));
  const out = fs.createWriteStream(target);
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > MAX_UPLOAD_BYTES) throw new FileTooLarge();
      if (head.length < 16) head = Buffer.concat([head, Buffer.from(chunk)]).subarray(0, 16);
      if (!out.write(chunk)) await once(out, "drain");
    }
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
  // A browser posts an empty part when no file was chosen.
  if (size === 0 && !filename) return null;
  return { path: target, size, originalName: filename, contentType: sniffContentType(head) };
}

/** The message for a file that may not be sent, or null when it may. */
export function fileProblem(part: ReceivedFilePart): string | null {
  if (part.fileError) return part.fileError;
  if (!part.file) return UploadRuleMessage.noFile;
  if (part.file.size === 0) return UploadRuleMessage.emptyFile;
  if (!part.file.contentType) return UploadRuleMessage.unsupportedType;
  return null;
}

/** §3 Uploaded file, as the upstream answers. */
export interface UploadedFile {
  id: number;
  kind: string;
  name: string;
  content_type: string;
  size?: number;
  created_at: string;
  error?: boolean;
  message?: string;
  side?: "front" | "back" | null;
}

/** Only one upload per kind at a time (§5): a second one while the first runs is refused. */
const inFlight = new Set<string>();

export class UploadInProgressError extends Error {
  constructor() {
    super(ValidationMessage.uploadInProgress);
  }
}

/** §7 POST /api/uploads/: multipart with kind (and side for identity) and content. */
export async function sendUpload(
  upstream: UpstreamContext,
  upload: { kind: string; side?: "front" | "back"; file: ReceivedFile },
): Promise<UploadedFile> {
  const key = `${upstream.session.credentials.sessionid ?? "anonymous"}:${upload.kind}:${upload.side ?? ""}`;
  if (inFlight.has(key)) throw new UploadInProgressError();
  inFlight.add(key);
  try {
    const boundary = `----sakidori${randomBytes(16).toString("hex")}`;
    const fields: [string, string][] = [["kind", upload.kind]];
    if (upload.side) fields.push(["side", upload.side]);
    const head = Buffer.from(
      fields
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; ${filenameParameters(upload.file.originalName)}\r\n` +
        `Content-Type: ${upload.file.contentType ?? "application/octet-stream"}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* fs.createReadStream(upload.file.path);
        yield tail;
      })(),
    );
    return await upstream.client.send<UploadedFile>("POST", "/api/uploads/", {
      stream: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
      contentLength: head.length + upload.file.size + tail.length,
    });
  } finally {
    inFlight.delete(key);
  }
}

/** A file name both old and new multipart parsers read: an ASCII fallback and the UTF-8 form (RFC 7578). */
function filenameParameters(name: string): string {
  const clean =
    path
      .basename(name.replace(/\\/g, "/"))
      .replace(/[\r\n"]/g, "")
      .slice(0, 200) || "file";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/**
 * §8 "Upload failure: first non-field error, else アップロードエラー (message), else アップロードエラー."
 */
export function uploadFailureMessage(error: unknown): string | null {
  if (error instanceof UploadInProgressError) return error.message;
  if (!(error instanceof UpstreamValidationError)) return null;
  if (error.nonFieldErrors[0]) return error.nonFieldErrors[0];
  const first = Object.values(firstMessages(error.fieldErrors))[0];
  return first ? ErrorMessage.uploadErrorWith(first) : ErrorMessage.uploadError;
}
