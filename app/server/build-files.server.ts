// The build's files, named by their content: only the headers a script or stylesheet needs, Brotli or
// gzip made at build time (docs/decisions/0036-build-files-precompressed-with-few-headers.md).

import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { REQUEST_ID_HEADER } from "~/domain/request-id";
import { BUILD_FILE_SECURITY_HEADERS } from "~/security/headers.server";
import { pathOf } from "~/server/request-path.server";

/** The codings made beside each compressible file at build time (scripts/precompress-build.ts), best first. */
export const PRECOMPRESSED = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

export type Coding = (typeof PRECOMPRESSED)[number]["coding"];

/** What a build holds that compresses well; images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt"]);

export const BUILD_FILE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const isCompressible = (file: string) => COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());

/**
 * The codings of `codings` the request's Accept-Encoding takes, the most wanted first (ties in the
 * order given). Express's own negotiation (`req.acceptsEncodings`) breaks ties by the header's order,
 * which would send gzip to every browser that takes Brotli but lists gzip first. RFC 9110 §12.5.3.
 */
function acceptedCodings<C extends string>(acceptEncoding: string | undefined, codings: readonly C[]): C[] {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=").map((piece) => piece.trim());
      if (key !== "q") continue;
      // A malformed weight refuses the coding rather than guess.
      weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? "") ? Number(value) : 0;
    }
    weights.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  return codings
    .filter((coding) => weightOf(coding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a) || codings.indexOf(a) - codings.indexOf(b));
}

/** The file a path under the build's URL names, or null when it names none the build may serve. */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  // No dot-folders or `..`, and the precompressed copies only ever as an encoding of their file.
  if (decoded.split("/").some((segment) => segment.startsWith("."))) return null;
  if (PRECOMPRESSED.some(({ suffix }) => decoded.endsWith(suffix))) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

async function openFile(file: string): Promise<{ handle: fs.promises.FileHandle; size: number } | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch {
    return null;
  }
  const stat = await handle.stat().catch(() => null);
  if (stat?.isFile()) return { handle, size: stat.size };
  await handle.close();
  return null;
}

/**
 * GET and HEAD of a file of the build, mounted at its public path before the request gate: no document
 * policies and no validators (a name that changes with its content is never revalidated), never
 * compressed again here. Anything else, and a path naming no file, goes on to the product's answers.
 */
export function buildFiles(directory: string) {
  const root = path.resolve(directory);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = fileUnder(root, pathOf(req));
    if (!file) return next();
    serve(req, res, file).then((served) => (served ? undefined : next()), next);
  };
}

async function serve(req: Request, res: Response, file: string): Promise<boolean> {
  const compressible = isCompressible(file);
  const codings = compressible
    ? acceptedCodings(
        req.headers["accept-encoding"],
        PRECOMPRESSED.map((p) => p.coding),
      )
    : [];
  // The plain file decides whether the path exists; a precompressed copy missing is only a larger answer.
  const plain = await openFile(file);
  if (!plain) return false;
  let chosen = plain;
  let coding: Coding | null = null;
  for (const candidate of codings) {
    const suffix = PRECOMPRESSED.find((entry) => entry.coding === candidate)!.suffix;
    const encoded = await openFile(file + suffix);
    if (!encoded) continue;
    await plain.handle.close();
    chosen = encoded;
    coding = candidate;
    break;
  }
  // The log line keeps the request's id; no error screen is ever drawn from a build file's answer.
  res.removeHeader(REQUEST_ID_HEADER);
  res.type(path.extname(file));
  res.writeHead(200, {
    "Content-Length": chosen.size,
    "Cache-Control": BUILD_FILE_CACHE_CONTROL,
    ...BUILD_FILE_SECURITY_HEADERS,
    ...(coding ? { "Content-Encoding": coding } : {}),
    ...(compressible ? { Vary: "Accept-Encoding" } : {}),
  });
  if (req.method === "HEAD") {
    await chosen.handle.close();
    res.end();
    return true;
  }
  // A reader gone early, or a file gone under it, ends the answer and closes the file.
  pipeline(chosen.handle.createReadStream(), res, () => undefined);
  return true;
}
