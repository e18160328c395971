// The names of a page form's upload slots without JavaScript (decision 0007); no hidden inputs, so the
// values stay what was typed.

// Names that may go into a Location fragment or an upstream field. RegExps are built where read, not at
// module level: the browser build would keep them on every page with an upload slot.
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

/** Null when any field is not a name a page gives: such a post did not come from a page. */
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

export function stepUploadIntent(target: StepUploadTarget): string {
  return INTENT_PREFIX + encode(target);
}

export function parseStepUploadIntent(intent: unknown): StepUploadTarget | null {
  if (typeof intent !== "string" || !intent.startsWith(INTENT_PREFIX)) return null;
  return decode(intent.slice(INTENT_PREFIX.length));
}

export function stepUploadFileField(target: StepUploadTarget): string {
  return FILE_PREFIX + encode(target);
}

export function parseStepUploadFileField(name: string): StepUploadTarget | null {
  return name.startsWith(FILE_PREFIX) ? decode(name.slice(FILE_PREFIX.length)) : null;
}

export function isUploadFileField(name: string): boolean {
  return name === "content" || parseStepUploadFileField(name) !== null;
}

// With JavaScript a slot's file is the whole body (decision 0016); its name percent-encoded (headers are Latin-1).
export const STREAMED_UPLOAD_TYPE = "application/octet-stream";
const SLOT_HEADER = "X-Upload-Slot";
const KIND_HEADER = "X-Upload-Kind";
const SIDE_HEADER = "X-Upload-Side";
const NAME_HEADER = "X-Upload-Name";
// The same on every retry of a file: a retry after a lost answer finds it, not stores it twice (decision 0022).
const KEY_HEADER = "X-Upload-Key";
const uploadKey = () => /^[0-9a-f]{32}$/;

export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

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
