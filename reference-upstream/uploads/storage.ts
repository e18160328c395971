// Where uploaded files live on disk: DATA_DIR/tmp while a request is being read, then
// DATA_DIR/uploads/<user id>/<random name>. No part of a stored path ever comes from the client;
// the client's file name is kept only as metadata (sanitised, at most 255 characters).

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AcceptedContentType } from "../../app/domain/file-kinds";

export const MAX_FILE_NAME_LENGTH = 255;

const EXTENSIONS: Record<AcceptedContentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
};

export function tempDir(dataDir: string): string {
  return path.join(dataDir, "tmp");
}

/**
 * Removes what a process that stopped mid-upload left in DATA_DIR/tmp. Called when the upstream
 * starts, before it listens: one process owns a data directory, so no request can be reading then.
 */
export async function sweepTempFiles(dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(tempDir(dataDir));
  } catch {
    return 0; // no tmp directory yet
  }
  const leftovers = names.filter((name) => name.startsWith("upload-") && name.endsWith(".part"));
  await Promise.all(
    leftovers.map((name) => fs.promises.rm(path.join(tempDir(dataDir), name), { force: true })),
  );
  return leftovers.length;
}

/** A fresh, unpredictable temporary path (created by the caller with flag "wx"). */
export function newTempPath(dataDir: string): string {
  return path.join(tempDir(dataDir), `upload-${randomBytes(16).toString("hex")}.part`);
}

/** The stored path of a new file, relative to DATA_DIR (as uploads.storage_path keeps it). */
export function newStoragePath(userId: number, contentType: AcceptedContentType): string {
  return path.posix.join(
    "uploads",
    String(userId),
    randomBytes(16).toString("hex") + EXTENSIONS[contentType],
  );
}

/**
 * The absolute path of a stored file, refusing anything that would leave DATA_DIR/uploads
 * (storage_path is written only by this module, but a copied or edited database should not be
 * able to make the server read /etc/passwd).
 */
export function resolveStoragePath(dataDir: string, storagePath: string): string | null {
  const root = path.resolve(dataDir, "uploads");
  const absolute = path.resolve(dataDir, storagePath);
  return absolute.startsWith(root + path.sep) ? absolute : null;
}

/** Moves a finished temporary file into the store (same file system: a rename, no copy). */
export async function moveIntoStore(dataDir: string, tempPath: string, storagePath: string): Promise<void> {
  const destination = resolveStoragePath(dataDir, storagePath);
  if (!destination) throw new Error(`refusing to store outside the upload directory: ${storagePath}`);
  await fs.promises.mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
  await fs.promises.rename(tempPath, destination);
}

/** Removes a file, ignoring one that is already gone. */
export async function removeQuietly(absolutePath: string | null | undefined): Promise<void> {
  if (!absolutePath) return;
  try {
    await fs.promises.unlink(absolutePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      console.error("[upstream] could not remove", absolutePath, error);
    }
  }
}

/**
 * The client's file name as metadata: the last path component only, without control or
 * bidirectional-override characters, trimmed, at most 255 characters (the extension kept when
 * a long name is cut). An empty result falls back to "file" with the sniffed type's extension.
 */
export function sanitizeFileName(raw: string | undefined, contentType: AcceptedContentType): string {
  const lastComponent = (raw ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastComponent
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  const name =
    cleaned === "" || cleaned === "." || cleaned === ".." ? `file${EXTENSIONS[contentType]}` : cleaned;
  const characters = [...name];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  const keptExtension = extension.length <= 16 ? extension : [];
  return characters.slice(0, MAX_FILE_NAME_LENGTH - keptExtension.length).join("") + keptExtension.join("");
}
