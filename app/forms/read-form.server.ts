// The one way an action reads its posted form (decision 0008): what no page sends is a 4xx before any
// upstream call, never the form library's 500 (forbidden keys, conflicting paths).

import { sniffContentType } from "~/domain/file-kinds";
import { MAX_UPLOAD_BYTES, UploadRuleMessage } from "~/domain/upload-rules";
import { STREAMED_UPLOAD_TYPE } from "~/forms/step-upload";
import { badRequestScreen } from "~/request/context.server";
import type { OutgoingFile } from "~/upstream/uploads.server";
import {
  MAX_MULTIPART_REQUEST_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  type ReceiveOptions,
  type ReceivedForm,
  receiveMultipartForm,
} from "./multipart-form.server";

/** Far above a wizard step with its claims; it bounds what one request holds in memory. */
export const FORM_BYTE_LIMIT = 64 * 1024;

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** The path segments remix-validated-form refuses to set (its REJECT_KEYS). */
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** The media type of a Content-Type header, lower case, without its parameters; "" when absent. */
function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isUrlencodedRequest(request: Request): boolean {
  return mediaType(request) === URLENCODED;
}

export function isMultipartRequest(request: Request): boolean {
  return mediaType(request) === MULTIPART;
}

/** A slot's file sent as the whole body (JavaScript on, decision 0016). */
export function isStreamedUpload(request: Request): boolean {
  return mediaType(request) === STREAMED_UPLOAD_TYPE;
}

/** A post of a page with upload slots: a multipart form, or one slot's streamed file. */
export function isUploadPost(request: Request): boolean {
  return isMultipartRequest(request) || isStreamedUpload(request);
}

/** Split on every separator the library knows (`.`, `[`, `]`): stricter than its reading, never looser. */
export function isForbiddenFieldName(name: string): boolean {
  return name.split(/[.[\]]/).some((segment) => FORBIDDEN_SEGMENTS.has(segment));
}

/** A name's path as the form library reads it (`a[0].b` and `a.0.b` are one path). */
function fieldPath(name: string): string[] {
  const match = /^\[(.+?)\](.*)$/.exec(name) ?? /^\.?([^.[\]]+)(.*)$/.exec(name);
  if (!match) return name.length === 0 ? [] : [name];
  return [match[1]!, ...fieldPath(match[2]!)];
}

/** `a` and `a.b`: the library would set a field on a string. A repeated name is a list, not a conflict. */
export function hasConflictingFieldPaths(names: Iterable<string>): boolean {
  const paths = new Set([...names].map((name) => fieldPath(name).join("\u0000")));
  for (const path of paths) {
    const segments = path.split("\u0000");
    for (let length = 1; length < segments.length; length++) {
      if (paths.has(segments.slice(0, length).join("\u0000"))) return true;
    }
  }
  return false;
}

/** Names no page sends: a forbidden segment, or paths that conflict. */
function refuseUnreadableNames(names: Iterable<string>): void {
  const all = [...names];
  if (all.some(isForbiddenFieldName) || hasConflictingFieldPaths(all)) throw badRequestScreen(400);
}

/** Left unread, a refused body stalls the connection and the client's next request (decision 0021). */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    try {
      while (!(await reader.read()).done) {
        // Reading is all: the bytes go nowhere.
      }
    } catch {
      // The client went away: nothing left to read.
    }
  })();
}

/** Refused before a byte is read when the Content-Length is over `limit`, else once the bytes pass it. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !/^[0-9]+$/.test(declared.trim())) throw badRequestScreen(400);
  if (declared !== null && Number(declared) > limit) {
    if (request.body) discardRest(request.body.getReader());
    throw badRequestScreen(413);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        discardRest(reader);
        throw badRequestScreen(413);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw badRequestScreen(400); // the connection broke off, or the body was already read
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** An urlencoded form, the only kind a page's non-upload form posts; anything else is 415. */
export async function readForm(
  request: Request,
  { limit = FORM_BYTE_LIMIT }: { limit?: number } = {},
): Promise<FormData> {
  if (mediaType(request) !== URLENCODED) throw badRequestScreen(415);
  const bytes = await readCapped(request, limit);
  let text: string;
  try {
    // A browser percent-encodes every byte outside ASCII: raw bytes that are not UTF-8 are no form.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequestScreen(400);
  }
  const params = new URLSearchParams(text);
  refuseUnreadableNames(params.keys());
  const formData = new FormData();
  for (const [name, value] of params) formData.append(name, value);
  return formData;
}

/** A multipart form on a route with upload slots; what the parser cannot read is 400. */
export async function readMultipartForm(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  if (!isMultipartRequest(request)) throw badRequestScreen(415);
  let form: ReceivedForm;
  try {
    form = await receiveMultipartForm(request, options);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw badRequestScreen(400);
  }
  try {
    refuseUnreadableNames([...form.formData.keys(), ...form.parts.keys()]);
  } catch (error) {
    await form.cleanup();
    throw error;
  }
  return form;
}

/** Why a streamed upload's body cannot be sent: the status, and the reason (none: it broke off). */
export interface BodyRefusal {
  status: 400 | 411 | 413;
  reason: string | null;
}

/** The bytes the first-bytes check reads before anything is sent (sniffContentType needs 8). */
const SNIFF_BYTES = 16;

const brokenOff: BodyRefusal = { status: 400, reason: null };
const tooLarge: BodyRefusal = { status: 413, reason: UploadRuleMessage.tooLarge };

class BodyRefused extends Error {
  constructor(readonly refusal: BodyRefusal) {
    super(refusal.reason ?? "the body broke off");
  }
}

export interface StreamedUpload {
  /** The file to send (null when refused before a byte went anywhere: see refusal). */
  file: OutgoingFile | null;
  /** What was wrong with the body: before sending, or once sending stopped on it; else null. */
  refusal(): BodyRefusal | null;
  /** Call once done, whatever happened, so a refusal reaches a browser still sending. */
  release(): void;
}

/**
 * A slot's file as the whole body (decision 0016), held to its Content-Length; refused before a byte
 * goes upstream when it has no length (411), is too large (413), empty or not PDF/JPEG/PNG (400).
 */
export async function readStreamedUpload(request: Request, fileName: string): Promise<StreamedUpload> {
  const reader = request.body?.getReader() ?? null;
  let refusal: BodyRefusal | null = null;
  let finished = false;
  const release = () => {
    if (reader && !finished) {
      finished = true;
      discardRest(reader);
    }
  };
  const refuse = (why: BodyRefusal): StreamedUpload => ({ file: null, refusal: () => why, release });

  const declared = (request.headers.get("Content-Length") ?? "").trim();
  if (!/^[0-9]{1,15}$/.test(declared)) return refuse({ status: 411, reason: null });
  const size = Number(declared);
  if (size > MAX_UPLOAD_BYTES) return refuse(tooLarge);
  if (size === 0 || !reader) return refuse({ status: 400, reason: UploadRuleMessage.emptyFile });

  // The first bytes, held until the check passes: only then does anything go upstream.
  const head: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < Math.min(SNIFF_BYTES, size)) {
      const { done, value } = await reader.read();
      if (done) break;
      head.push(value);
      received += value.byteLength;
    }
  } catch {
    finished = true; // the browser went away: nothing left to read
    return refuse(brokenOff);
  }
  if (received > size) return refuse(tooLarge);
  if (received < Math.min(SNIFF_BYTES, size)) {
    finished = true;
    return refuse(brokenOff);
  }
  const contentType = sniffContentType(Buffer.concat(head));
  if (!contentType) return refuse({ status: 400, reason: UploadRuleMessage.unsupportedType });

  async function* bytes(): AsyncGenerator<Uint8Array> {
    yield* head;
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader!.read();
      } catch {
        finished = true;
        refusal = brokenOff;
        throw new BodyRefused(brokenOff);
      }
      if (next.done) break;
      received += next.value.byteLength;
      // Never passed on: the upstream, short of its Content-Length, keeps nothing.
      if (received > size) {
        refusal = tooLarge;
        throw new BodyRefused(tooLarge);
      }
      yield next.value;
    }
    finished = true;
    if (received < size) {
      refusal = brokenOff;
      throw new BodyRefused(brokenOff);
    }
  }
  let opened = false;
  const file: OutgoingFile = {
    originalName: fileName,
    contentType,
    size,
    open() {
      if (opened) throw new Error("a streamed upload's body is read once");
      opened = true;
      return bytes();
    },
  };
  return { file, refusal: () => refusal, release };
}

/** Checked before every action's guards (app/server/guard-actions.server.ts): 415 or 413, no upstream call. */
export function assertFormRequest(request: Request): void {
  const type = mediaType(request);
  if (type !== URLENCODED && type !== MULTIPART && type !== STREAMED_UPLOAD_TYPE) throw badRequestScreen(415);
  // A page's form is read past a file too large, so its slot says so and what was typed is kept.
  const limit = type === MULTIPART ? MAX_MULTIPART_REQUEST_BYTES : MAX_UPLOAD_REQUEST_BYTES;
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) {
    if (request.body) discardRest(request.body.getReader());
    throw badRequestScreen(413);
  }
}
