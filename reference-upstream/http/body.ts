// Reading request bodies with a size cap, answering malformed input with DRF's 400/413/415.

import type { IncomingMessage } from "node:http";
import { ApiError, DrfMessage, detailError } from "./errors";

export const MAX_JSON_BYTES = 1024 * 1024;

export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) throw detailError(413, DrfMessage.bodyTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw detailError(413, DrfMessage.bodyTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a JSON body. An empty body reads as {} (DRF's behaviour for POST /api/me/ with no body);
 * anything but an object or array at the top is refused like DRF refuses it.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readRawBody(req, MAX_JSON_BYTES);
  if (raw.length === 0) return {};
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError(415, { detail: DrfMessage.unsupportedMediaType(type) });
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch (error) {
    throw detailError(400, DrfMessage.parseError((error as Error).message));
  }
}

/**
 * How much of a body the server reads past an early answer (a refusal before or during parsing) so
 * that the client can read that answer: a socket closed with unread data resets, and a client still
 * sending then sees a broken pipe instead of the message. A body declared up to this size is read to
 * its end (and thrown away), for at most DRAIN_MAX_MS; a bigger one, or one without a length (possibly
 * endless), is not waited for and the connection closes as before.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 5_000;

/** Reads and discards the rest of `req` within the bounds above; true when it reached the end. */
export function drainRequest(
  req: IncomingMessage,
  limits: { maxBytes: number; maxMs: number } = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS },
): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  // Already given up on (a handler stopped iterating it): nothing more will come.
  if (req.destroyed) return Promise.resolve(false);
  const declared = req.headers["content-length"];
  if (declared === undefined || !/^[0-9]+$/.test(declared) || Number(declared) > limits.maxBytes) {
    return Promise.resolve(false);
  }
  return new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (reachedEnd: boolean) => {
      clearTimeout(timer);
      req.off("data", count);
      req.off("end", ended);
      req.off("close", closed);
      req.off("error", closed);
      resolve(reachedEnd);
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish(false);
    };
    const ended = () => finish(true);
    const closed = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), limits.maxMs);
    req.on("data", count);
    req.on("end", ended);
    req.on("close", closed);
    req.on("error", closed);
    req.resume();
  });
}
