// Without JavaScript an upload slot on a page with a form of its own (a wizard step, the profile)
// sends that whole form: what the person typed goes with the file (decision 0007), so nothing typed
// is lost, and a wizard step's form carries every file chosen in its slots whichever button is
// pressed. One form then holds every slot, so each file input names its slot, kind and side, and an
// upload button names the slot it belongs to. Shared by the slot component and the actions that read
// the post. No hidden inputs: the form's values stay what the person typed.

// A slot or kind name: ASCII letters, digits, `_` and `-`, all a page gives, and all that may go into
// a Location header's fragment or an upstream field (never CR/LF, NUL or non-Latin-1).
// Built where they are read (the actions), not at module level: the browser build keeps a module-level
// RegExp call on every page with an upload slot, which only writes these names.
const NAME = "[A-Za-z0-9_-]{1,64}";
const target = () => new RegExp(`^(${NAME}):(${NAME}):(front|back)?$`);
const slotName = () => new RegExp(`^${NAME}$`);
const INTENT_PREFIX = "upload:";
const FILE_PREFIX = "content:";

/** A file already sent, as its slot shows it. */
export interface UploadedFileView {
  name: string;
  uploadedAt: string;
}

export interface StepUploadTarget {
  slot: string;
  kind: string;
  side?: "front" | "back";
}

function encode({ slot, kind, side }: StepUploadTarget): string {
  return `${slot}:${kind}:${side ?? ""}`;
}

function decode(value: string): StepUploadTarget | null {
  const match = target().exec(value);
  if (!match) return null;
  const [, slot = "", kind = "", side] = match;
  return side === "front" || side === "back" ? { slot, kind, side } : { slot, kind };
}

/**
 * A slot's own form's fields (slot, kind, side) as a target, or null when any of them is not a name a
 * page gives (control characters, non-ASCII, too long): such a post did not come from a page.
 */
export function parseUploadTarget(fields: {
  slot?: string;
  kind?: string;
  side?: string;
}): StepUploadTarget | null {
  const { slot = "", kind = "", side } = fields;
  const name = slotName();
  if (!name.test(slot) || !name.test(kind)) return null;
  if (side === undefined) return { slot, kind };
  return side === "front" || side === "back" ? { slot, kind, side } : null;
}

/** The upload button's intent value. */
export function stepUploadIntent(target: StepUploadTarget): string {
  return INTENT_PREFIX + encode(target);
}

/** The slot an upload button named, or null for any other intent. */
export function parseStepUploadIntent(intent: unknown): StepUploadTarget | null {
  if (typeof intent !== "string" || !intent.startsWith(INTENT_PREFIX)) return null;
  return decode(intent.slice(INTENT_PREFIX.length));
}

/** The name of one slot's file input inside the page's form. */
export function stepUploadFileField(target: StepUploadTarget): string {
  return FILE_PREFIX + encode(target);
}

/** The slot a file input's name names, or null for any other field. */
export function parseStepUploadFileField(name: string): StepUploadTarget | null {
  return name.startsWith(FILE_PREFIX) ? decode(name.slice(FILE_PREFIX.length)) : null;
}

/** The file fields an upload post may carry: a slot's own form's, or the page form's. */
export function isUploadFileField(name: string): boolean {
  return name === "content" || parseStepUploadFileField(name) !== null;
}

/**
 * With JavaScript a slot sends its file as the whole request body (decision 0016), so the server
 * knows the file's size from the Content-Length before a byte arrives and streams it to the upstream
 * without writing it to disk. The slot, kind, side and file name travel in these headers (the name
 * percent-encoded: a header holds only Latin-1).
 */
export const STREAMED_UPLOAD_TYPE = "application/octet-stream";
const SLOT_HEADER = "X-Upload-Slot";
const KIND_HEADER = "X-Upload-Kind";
const SIDE_HEADER = "X-Upload-Side";
const NAME_HEADER = "X-Upload-Name";
/**
 * The browser's key for one chosen file, the same on every retry of it: the upstream stores a file
 * once per key (decision 0022), so a retry after a lost answer finds the file instead of storing it twice.
 */
const KEY_HEADER = "X-Upload-Key";
const uploadKey = () => /^[0-9a-f]{32}$/;

/** A fresh key for one chosen file (streamedUploadHeaders' uploadKey). */
export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The request headers of a streamed upload, Content-Type included (Content-Length is the file's). */
export function streamedUploadHeaders(
  upload: StepUploadTarget & { fileName: string; uploadKey?: string },
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": STREAMED_UPLOAD_TYPE,
    [SLOT_HEADER]: upload.slot,
    [KIND_HEADER]: upload.kind,
    [NAME_HEADER]: encodeURIComponent(upload.fileName),
  };
  if (upload.side) headers[SIDE_HEADER] = upload.side;
  if (upload.uploadKey) headers[KEY_HEADER] = upload.uploadKey;
  return headers;
}

/**
 * What a streamed upload's headers say: its target (null when no page would name it, as
 * parseUploadTarget), the file's name (null when it is not percent-encoded UTF-8) and the browser's
 * key for the file (null when absent or not one newUploadKey makes).
 */
export function parseStreamedUploadHeaders(headers: Headers): {
  target: StepUploadTarget | null;
  fileName: string | null;
  uploadKey: string | null;
} {
  const side = headers.get(SIDE_HEADER);
  const target = parseUploadTarget({
    slot: headers.get(SLOT_HEADER) ?? "",
    kind: headers.get(KIND_HEADER) ?? "",
    ...(side === null ? {} : { side }),
  });
  let fileName: string | null;
  try {
    fileName = decodeURIComponent(headers.get(NAME_HEADER) ?? "");
  } catch {
    fileName = null;
  }
  const key = headers.get(KEY_HEADER);
  return { target, fileName, uploadKey: key !== null && uploadKey().test(key) ? key : null };
}
