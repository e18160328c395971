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

export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Set when the file broke a rule (size): the message to show at the input. */
  fileError: string | null;
  cleanup(): Promise<void>;
}

class FileTooLarge extends Error {}

const SPOOL_ROOT = path.join(os.tmpdir(), "sakidori-uploads");

/**
 * Reads a multipart form whose one file field is `fileField`. Text fields are kept (small: 64 KiB
 * each); the file goes to a directory of its own that cleanup() removes.
 */
export async function receiveMultipartForm(request: Request, fileField = "content"): Promise<ReceivedForm> {
  const dir = path.join(SPOOL_ROOT, randomBytes(12).toString("hex"));
  await fs.promises.mkdir(dir, { recursive: true });
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  let file: ReceivedFile | null = null;
  let fileError: string | null = null;
  const fields: Record<string, string> = {};
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      if (filename === undefined) {
        fields[name] = await readText(data, 64 * 1024);
        return undefined;
      }
      if (name !== fileField || file || fileError) {
        for await (const _chunk of data) {
          // A second file, or one in the wrong field: read past it, keep nothing.
        }
        return undefined;
      }
      try {
        file = await spool(data, dir, filename);
      } catch (error) {
        if (!(error instanceof FileTooLarge)) throw error;
        fileError = UploadRuleMessage.tooLarge;
        for await (const _chunk of data) {
          // Drain the rest so the request completes and the page can answer.
        }
      }
      return undefined;
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, file, fileError, cleanup };
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
export function fileProblem(form: ReceivedForm): string | null {
  if (form.fileError) return form.fileError;
  if (!form.file) return UploadRuleMessage.noFile;
  if (form.file.size === 0) return UploadRuleMessage.emptyFile;
  if (!form.file.contentType) return UploadRuleMessage.unsupportedType;
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
