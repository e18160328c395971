// The file rules a person reads (ARCHITECTURE decision 8): PDF, JPEG or PNG, 10 MiB a file. The same
// words at the input, in the app's checks and in the reference upstream's answers.

/** Architecture decision 8: 10 MiB a file. */
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
  /** Several files in one post (no JavaScript, decision 0007) share one file's limit (issue 14). */
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
  /** §8 "Upload failure … else アップロードエラー": when the page got no answer it could read. */
  failed: "アップロードエラー",
} as const;

/** What a file input accepts (a hint to the browser; the first bytes decide). */
export const ACCEPT_ATTRIBUTE = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";
