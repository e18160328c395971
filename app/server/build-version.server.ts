// §7 "A build metadata file (builds/latest.json) polled hourly": the server answers it itself, from
// the build it runs. The version is Remix's manifest version (the same one the browser holds in
// window.__remixManifest.version), so a page from an older build sees a different one after a deploy
// (§8 "Changed app version: reload"). Answered by the request gate before Remix: no route in the
// manifest every page downloads, no route matching, and no generated file to keep out of git.
// See docs/decisions/0017-browser-runtime.md.

import type http from "node:http";
import { BUILD_METADATA_PATH } from "~/runtime/build-metadata";
import { pathOf } from "~/server/request-path.server";

/** The answer's body: the browser compares `version` with its manifest's. */
export function buildMetadataBody(version: string): string {
  return JSON.stringify({ version });
}

/** Answers GET/HEAD /builds/latest.json and says so; any other request is left alone. */
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
