// The file rules a person reads (ARCHITECTURE §8): PDF, JPEG or PNG, 10 MiB a file. The same
// words at the input, in the app's checks and in the reference upstream's answers.

/** ARCHITECTURE §8: 10 MiB a file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * Uploads one person may have going at once (decision 0021): each holds a connection to the upstream
 * for as long as the browser takes to send its file. A page's slots send no more at once.
 */
export const MAX_UPLOADS_AT_ONCE_PER_USER = 3;

export const UploadRuleMessage = {
  /** Written beside every file input. */
  limits: `PDF・JPEG・PNG 形式、1ファイル${MEGABYTES}MBまで`,
  tooLarge: `ファイルサイズは${MEGABYTES}MBまでです。`,
  /** Several files in one post (no JavaScript, decision 0007) share one file's limit. */
  tooLargeTogether: `一度に送れるファイルは合計${MEGABYTES}MBまでです。1つずつアップロードしてください。`,
  unsupportedType: "PDF、JPEG、PNGのファイルを選択してください。",
  noFile: "ファイルを選択してください。",
  /** §5 "Only one upload per file kind at a time; a second attempt shows 他のファイルをアップロード中です". */
  inProgress: "他のファイルをアップロード中です",
  /** One more than MAX_UPLOADS_AT_ONCE_PER_USER at once (another tab or device). */
  tooManyAtOnce: `同時にアップロードできるファイルは${MAX_UPLOADS_AT_ONCE_PER_USER}つまでです。ほかのファイルのアップロードが終わってから、もう一度お試しください。`,
  /** The server's uploads in all are at their limit. */
  busy: "ただいまアップロードが混み合っています。しばらくしてから、もう一度お試しください。",
  /** A slot's file waiting while the page's other slots send theirs (MAX_UPLOADS_AT_ONCE_PER_USER). */
  waiting: "ほかのファイルの送信が終わるのを待っています…",
  emptyFile: "送信されたファイルは空です。",
  /** A JavaScript upload cut off by the line, while it waits to send it again (UPLOAD_RETRY_WINDOW_MS). */
  reconnecting: "接続を待っています。つながったら、自動でもう一度送ります。",
  /** The line did not come back within UPLOAD_RETRY_WINDOW_MS. */
  lineGone: "接続が戻らないため、送信をやめました。通信できる場所で、もう一度ファイルを選んでください。",
  /** §8 "Upload failure … else アップロードエラー": when the page got no answer it could read. */
  failed: "アップロードエラー",
} as const;

/**
 * What a file input accepts (a hint to the browser; the first bytes decide). `image/*` lets a phone's
 * picker offer its camera beside its files, with or without JavaScript.
 */
export const ACCEPT_ATTRIBUTE = "image/*,application/pdf";

/** What the camera control takes: a photo (the picker stays the other input, ACCEPT_ATTRIBUTE). */
export const CAMERA_ACCEPT_ATTRIBUTE = "image/*";

/**
 * Photos that fit a capped phone plan: with JavaScript, a JPEG or PNG longer than this on its long
 * side, or larger than PHOTO_MAX_BYTES, is scaled in the browser before it is sent. Without
 * JavaScript the file goes as chosen, within MAX_UPLOAD_BYTES.
 */
export const PHOTO_LONG_SIDE = 2000;
export const PHOTO_MAX_BYTES = 1.5 * 1024 * 1024;
/** The re-encoded photo's JPEG quality, and the lower ones tried while it is still over PHOTO_MAX_BYTES. */
export const PHOTO_JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.5] as const;

/**
 * The size a photo is scaled to, or null when it goes as it is: only JPEG and PNG (a PDF never), and
 * only when its long side is over PHOTO_LONG_SIDE or its bytes over PHOTO_MAX_BYTES. The long side
 * becomes PHOTO_LONG_SIDE at most, the proportions kept.
 */
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

/** Bytes as a person reads them beside a slot, in the MB the limits are written in (MiB). */
function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A JavaScript upload cut off by the line is sent again by itself, waiting longer each time
 * (UPLOAD_RETRY_DELAYS_MS, the last one repeated), until the line has been gone this long.
 */
export const UPLOAD_RETRY_WINDOW_MS = 120_000;
export const UPLOAD_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

/** The wait before retry number `attempt` (1 for the first retry). */
export function uploadRetryDelay(attempt: number): number {
  const delays = UPLOAD_RETRY_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1]!;
}

export const PhotoMessage = {
  /** Beside the camera control and the picker, with JavaScript: what happens to a large photo. */
  scaledHint: `大きな写真は、送る前に長い辺を${PHOTO_LONG_SIDE.toLocaleString("en-US")}ピクセルに縮小します。`,
  camera: "カメラで撮影する",
  scaling: "写真を縮小しています…",
  scaled: (before: number, after: number) => `写真を縮小しました：${megabytes(before)} → ${megabytes(after)}`,
} as const;
