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
