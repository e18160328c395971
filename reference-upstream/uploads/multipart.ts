// Reads a multipart/form-data upload as a stream (ARCHITECTURE §8): the text fields are
// kept in memory (they are small and capped), the file part named `content` is spooled to a
// temporary file in DATA_DIR/tmp while its bytes are counted, so memory stays flat whatever the
// file's size. The `kind` field may come before or after the file, which is why the file goes to
// disk first and is judged afterwards.
//
// Whatever happens (a malformed body, a file over the cap, the client going away mid-body) every
// temporary file this request created is removed before the returned promise settles, except the
// spooled `content` of a successful parse, which the caller must remove or move (see storage.ts).

import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { ApiError, detailError } from "../http/errors";
import { UploadMessage } from "./messages";
import { newTempPath, removeQuietly, tempDir } from "./storage";

/** Bytes kept from the start of the file for sniffing its type (the longest signature is 8). */
const HEAD_BYTES = 16;

export interface UploadLimits {
  /** Bytes a file may have (MAX_UPLOAD_BYTES). */
  maxFileBytes: number;
  /** Bytes the whole request body may declare: the file plus room for the fields and part headers. */
  maxRequestBytes: number;
}

export interface SpooledFile {
  /** Absolute path of the temporary file; null when nothing was kept (over the cap). */
  tempPath: string | null;
  /** The client's file name as sent (metadata only; sanitise before storing). */
  clientName: string | undefined;
  size: number;
  head: Buffer;
  /** The file was longer than maxFileBytes; its bytes past the cap were discarded, the rest removed. */
  tooLarge: boolean;
}

export interface ParsedUpload {
  /** The first value of each text field. */
  fields: Map<string, string>;
  /** The first file part named `content`, if any. */
  content: SpooledFile | null;
  /**
   * `content` arrived as a text field instead of a file: its value (busboy reads a part with
   * filename="" and a type other than application/octet-stream as a field).
   */
  contentText: string | null;
}

export const FILE_FIELD = "content";

/**
 * Checks the request before reading a byte of it: multipart (else 415, as DRF's parser
 * negotiation answers), a declared Content-Length (else 411: Django under WSGI reads a chunked
 * body as empty, so the real upstream would silently see no file; refusing makes that mistake
 * loud), and a declared length within the cap (else 400 on `content`, before anything is written).
 */
export function checkUploadRequest(req: IncomingMessage, limits: UploadLimits): void {
  const contentType = req.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "multipart/form-data") {
    throw new ApiError(415, {
      detail: `リクエストのメディアタイプ "${mediaType}" はサポートされていません。`,
    });
  }
  // The connection is closed after these refusals, so an unread (possibly endless) body is not drained.
  const close = { Connection: "close" };
  const declared = req.headers["content-length"];
  if (
    req.headers["transfer-encoding"] !== undefined ||
    declared === undefined ||
    !/^[0-9]+$/.test(declared)
  ) {
    throw new ApiError(411, { detail: UploadMessage.lengthRequired }, close);
  }
  if (Number(declared) > limits.maxRequestBytes) {
    throw new ApiError(400, { [FILE_FIELD]: [UploadMessage.tooLarge] }, close);
  }
}

/** Parses the body (after checkUploadRequest). Rejects with a 400 ApiError on a malformed body or an abort. */
export async function parseUpload(
  req: IncomingMessage,
  dataDir: string,
  limits: UploadLimits,
): Promise<ParsedUpload> {
  const result: ParsedUpload = { fields: new Map(), content: null, contentText: null };
  if (req.headers["content-length"] === "0") return result;

  await fs.promises.mkdir(tempDir(dataDir), { recursive: true, mode: 0o700 });
  const spools: Spool[] = [];
  const writes: Promise<void>[] = [];

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send a UTF-8 file name in filename="…" (not RFC 5987), so read it as UTF-8.
      defParamCharset: "utf8",
      limits: {
        // busboy flags a file of exactly `fileSize` bytes as truncated, so the cap is one byte
        // higher and "too large" means one byte past maxFileBytes was seen.
        fileSize: limits.maxFileBytes + 1,
        fieldNameSize: 100,
        fieldSize: 1024,
        fields: 20,
        parts: 40,
        headerPairs: 20,
      },
    });
  } catch (error) {
    // busboy throws synchronously on a missing or malformed boundary.
    throw detailError(400, UploadMessage.parseError((error as Error).message));
  }

  return new Promise<ParsedUpload>((resolve, reject) => {
    let settled = false;
    let busboyDone = false;

    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners("close");
      parser.on("error", () => {}); // late errors after destroy are expected
      parser.destroy();
      cleanUp(spools).then(
        () => reject(error),
        () => reject(error),
      );
    };

    const finishIfDone = () => {
      if (!busboyDone || settled) return;
      Promise.all(writes).then(
        async () => {
          if (settled) return;
          settled = true;
          if (result.content && result.content.size > limits.maxFileBytes) result.content.tooLarge = true;
          // A file over the cap is not handed to the caller: it goes now.
          await cleanUp(spools.filter((spool) => spool.file !== result.content || spool.file.tooLarge));
          if (result.content?.tooLarge) result.content.tempPath = null;
          resolve(result);
        },
        (error: unknown) =>
          fail(detailError(400, UploadMessage.parseError(String((error as Error)?.message)))),
      );
    };

    parser.on("field", (name, value) => {
      if (name === FILE_FIELD) result.contentText ??= value;
      else if (!result.fields.has(name)) result.fields.set(name, value);
    });

    parser.on("file", (name, stream, info) => {
      // Only the first `content` part is kept; anything else is read and discarded.
      if (name !== FILE_FIELD || result.content !== null || settled) {
        stream.resume();
        return;
      }
      const spool = new Spool(newTempPath(dataDir), info.filename);
      spools.push(spool);
      result.content = spool.file;
      stream.on("limit", () => {
        spool.file.tooLarge = true;
      });
      const written = spool.write(stream);
      written.catch(() => {}); // a failure is handled through `writes` or by fail()
      writes.push(written);
    });

    parser.on("close", () => {
      busboyDone = true;
      finishIfDone();
    });
    parser.on("error", (error) => fail(detailError(400, UploadMessage.parseError((error as Error).message))));

    // A client that goes away mid-body: the request closes before it is complete.
    req.on("close", () => {
      if (!req.complete) fail(detailError(400, UploadMessage.aborted));
    });
    req.on("error", () => fail(detailError(400, UploadMessage.aborted)));
    // It may already have gone while the temporary directory was being made.
    if (req.destroyed && !req.complete) fail(detailError(400, UploadMessage.aborted));

    req.pipe(parser);
  });
}

/** One temporary file being written: counts the bytes and keeps the first few for sniffing. */
class Spool {
  readonly file: SpooledFile;
  private output: fs.WriteStream | null = null;

  constructor(tempPath: string, clientName: string | undefined) {
    this.file = { tempPath, clientName, size: 0, head: Buffer.alloc(0), tooLarge: false };
  }

  async write(source: NodeJS.ReadableStream): Promise<void> {
    const file = this.file;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        if (file.head.length < HEAD_BYTES) {
          file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES - file.head.length)]);
        }
        file.size += chunk.length;
        callback(null, chunk);
      },
    });
    // "wx": never follow or reuse an existing path; 0600: only this process reads uploads.
    this.output = fs.createWriteStream(file.tempPath!, { flags: "wx", mode: 0o600 });
    await pipeline(source, counter, this.output);
  }

  /** Stops writing and removes the file; waits for the descriptor to close so nothing is created after. */
  async discard(): Promise<void> {
    const output = this.output;
    if (output && !output.closed) {
      await new Promise<void>((resolve) => {
        output.once("close", () => resolve());
        output.destroy();
      });
    }
    await removeQuietly(this.file.tempPath);
  }
}

async function cleanUp(spools: Spool[]): Promise<void> {
  await Promise.all(spools.map((spool) => spool.discard()));
}
