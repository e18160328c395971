// §7 builds/latest.json, answered by the request gate from the build it runs (decision 0017).

import type http from "node:http";
import { BUILD_METADATA_PATH } from "~/runtime/build-metadata";
import { pathOf } from "~/server/request-path.server";

export function buildMetadataBody(version: string): string {
  return JSON.stringify({ version });
}

export function answerBuildMetadata(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  version: string,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (pathOf(req) !== BUILD_METADATA_PATH) return false;
  const body = buildMetadataBody(version);
  res.writeHead(200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    // Every poll must reach the server: a cached answer would hide a deploy for as long as it lives.
    "Cache-Control": "no-cache",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
