// File rules (ARCHITECTURE §8): the same words at the input, in the app and in the reference upstream.

import { parseUploadKind } from "./file-kinds";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * Decision 0035: a slot whose paper has several pages takes a list of files, bounded so one slot never
 * holds more than a quarter of the upstream's 200 MiB quota per person (decision 0022).
 */
export const MAX_FILES_PER_SLOT = 10;
export const MAX_SLOT_BYTES = 50 * 1024 * 1024;

/** Files one post without JavaScript may carry (they share one file's 10 MiB, decision 0007). */
export const MAX_FILES_TOGETHER = 16;

const SLOT_MEGABYTES = MAX_SLOT_BYTES / (1024 * 1024);

/** Decision 0021: each upload holds an upstream connection while the browser sends its file. */
export const MAX_UPLOADS_AT_ONCE_PER_USER = 3;

/** Decision 0021: about when a slot held by a body too slow has been freed (its rate window). */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

export const UploadRuleMessage = {
  limits: `PDF・JPEG・PNG 形式、1ファイル${MEGABYTES}MBまで`,
  /** Beside a slot that takes several files (decision 0035). */
  slotLimits: `${MAX_FILES_PER_SLOT}ファイルまで・合計${SLOT_MEGABYTES}MBまで（まとめて選ぶことも、1つずつ追加することもできます）`,
  tooManyTogether: `一度に送れるファイルは${MAX_FILES_TOGETHER}個までです。残りのファイルは、もう一度選んで送ってください。`,
  tooManyInSlot: `この欄に登録できるファイルは${MAX_FILES_PER_SLOT}個までです。不要なファイルを削除してから追加してください。`,
  slotTooLarge: `この欄に登録できるファイルは合計${SLOT_MEGABYTES}MBまでです。不要なファイルを削除してから追加してください。`,
  tooLarge: `ファイルサイズは${MEGABYTES}MBまでです。`,
  tooLargeTogether: `一度に送れるファイルは合計${MEGABYTES}MBまでです。1つずつアップロードしてください。`,
  unsupportedType: "PDF、JPEG、PNGのファイルを選択してください。",
  noFile: "ファイルを選択してください。",
  /** §5 "Only one upload per file kind at a time; a second attempt shows 他のファイルをアップロード中です". */
  inProgress: "他のファイルをアップロード中です",
  tooManyAtOnce: `同時にアップロードできるファイルは${MAX_UPLOADS_AT_ONCE_PER_USER}つまでです。ほかのファイルのアップロードが終わってから、もう一度お試しください。`,
  busy: `ただいまアップロードが混み合っています。${UPLOAD_RETRY_AFTER_SECONDS}秒ほどしてから、もう一度お試しください。`,
  busyFromNetwork: `お使いのネットワークからのアップロードが混み合っています。${UPLOAD_RETRY_AFTER_SECONDS}秒ほどしてから、もう一度お試しください。`,
  waiting: "ほかのファイルの送信が終わるのを待っています…",
  emptyFile: "送信されたファイルは空です。",
  /** Decision 0022: a file's key names one slot; the browser makes a new key for each chosen file. */
  keyUsedElsewhere:
    "このファイルの送信は別の欄で受け付け済みです。お手数ですが、もう一度ファイルを選んでください。",
  reconnecting: "接続を待っています。つながったら、自動でもう一度送ります。",
  lineGone: "接続が戻らないため、送信をやめました。通信できる場所で、もう一度ファイルを選んでください。",
  /** §8 "Upload failure … else アップロードエラー": when the page got no answer it could read. */
  failed: "アップロードエラー",
} as const;

/** Decision 0035: identity keeps one file per side; every other slot (a claim's, a statement's, a
 * financial document's) takes several, as its paper has several pages. */
export function takesSeveralFiles(kind: string): boolean {
  return parseUploadKind(kind)?.base !== "identity";
}

/** Decision 0035: why one more file of `bytes` may not join a slot holding `kept`, or null when it may. */
export function slotRefusal(kept: readonly { size?: number | null }[], bytes: number): string | null {
  if (kept.length >= MAX_FILES_PER_SLOT) return UploadRuleMessage.tooManyInSlot;
  const held = kept.reduce((sum, file) => sum + (file.size ?? 0), 0);
  if (held + bytes > MAX_SLOT_BYTES) return UploadRuleMessage.slotTooLarge;
  return null;
}

/** A file's size as its list shows it: 「850 KB」, 「3.2 MB」. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} KB`;
  return megabytes(bytes);
}

/** `image/*` lets a phone's picker offer its camera; the first bytes decide, not this. */
export const ACCEPT_ATTRIBUTE = "image/*,application/pdf";

export const CAMERA_ACCEPT_ATTRIBUTE = "image/*";

/** Decision 0028: with JavaScript, photos over these are scaled in the browser before sending. */
export const PHOTO_LONG_SIDE = 2000;
export const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
export const PHOTO_JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.5] as const;

export function photoScaling(photo: {
  type: string;
  bytes: number;
  width: number;
  height: number;
}): { width: number; height: number } | null {
  if (photo.type !== "image/jpeg" && photo.type !== "image/png") return null;
  const longSide = Math.max(photo.width, photo.height);
  if (longSide <= PHOTO_LONG_SIDE && photo.bytes <= PHOTO_MAX_BYTES) return null;
  const ratio = Math.min(1, PHOTO_LONG_SIDE / longSide);
  return {
    width: Math.max(1, Math.round(photo.width * ratio)),
    height: Math.max(1, Math.round(photo.height * ratio)),
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const UPLOAD_RETRY_WINDOW_MS = 120_000;
export const UPLOAD_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

export function uploadRetryDelay(attempt: number): number {
  const delays = UPLOAD_RETRY_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1]!;
}

export const PhotoMessage = {
  scaledHint: `大きな写真は、送る前に長い辺を${PHOTO_LONG_SIDE.toLocaleString("en-US")}ピクセルに縮小します。`,
  camera: "カメラで撮影する",
  scaling: "写真を縮小しています…",
  scaled: (before: number, after: number) => `写真を縮小しました：${megabytes(before)} → ${megabytes(after)}`,
} as const;
