// The upload endpoints' Japanese messages, in one place (DRF's wording where DRF has one).

import { UploadRuleMessage } from "../../app/domain/upload-rules";

export const UploadMessage = {
  /** ARCHITECTURE §8: 10 MiB a file (shown as "10MB", as people read it). */
  tooLarge: UploadRuleMessage.tooLarge,
  /** DRF FileField "No file was submitted." */
  noFile: "ファイルが送信されていません。",
  /** DRF FileField "The submitted file is empty." */
  emptyFile: UploadRuleMessage.emptyFile,
  /** DRF FileField "The submitted data was not a file. Check the encoding type on the form." */
  notAFile: "送信されたデータはファイルではありません。フォームのエンコードタイプを確認してください。",
  /** ARCHITECTURE §8: PDF, JPEG and PNG, recognised by their first bytes. */
  unsupportedType: UploadRuleMessage.unsupportedType,
  /** A replay's kind or side must be the key's first upload's (decision 0022). */
  keyUsedElsewhere: UploadRuleMessage.keyUsedElsewhere,
  sideOnlyForIdentity: "本人確認書類（identity）以外には指定できません。",
  attachedToEntry: "申し込み済みのファイルは削除できません。",
  /** DRF PrimaryKeyRelatedField "Invalid pk "{pk}" - object does not exist." */
  invalidPk: (id: number) => `主キー "${id}" は不正です - データが存在しません。`,
  /** DRF MultiPartParserError "Multipart form parse error - {reason}". */
  parseError: (reason: string) => `マルチパートフォームの解析エラー - ${reason}`,
  /** The storage quota in all (decision 0022): the limit, and what is left, never more than there is. */
  overQuota: (limitBytes: number, leftBytes: number) =>
    leftBytes > 0
      ? `保存できるファイルは合計${sizeText(limitBytes)}までです。残りは${sizeText(leftBytes)}です。`
      : `保存できるファイルは合計${sizeText(limitBytes)}までで、残りはありません。`,
  /** The files a day (decision 0022): the day is Japan's, so it starts again at midnight. */
  tooManyToday: (limit: number) =>
    `アップロードできるファイルは1日${limit}個までです。明日以降にお試しください。`,
  aborted: "アップロードが中断されました。",
  lengthRequired: "Content-Length ヘッダーが必要です。",
} as const;

/**
 * A size as people read it, in the units of 「10MB」 (1 MB = 1,048,576 bytes): MB or KB to one decimal,
 * rounded down (so the room left is never overstated), or bytes below 1 KB.
 */
export function sizeText(bytes: number): string {
  const oneDecimalDown = (value: number) => String(Math.floor(value * 10) / 10);
  if (bytes >= 1024 * 1024) return `${oneDecimalDown(bytes / (1024 * 1024))}MB`;
  if (bytes >= 1024) return `${oneDecimalDown(bytes / 1024)}KB`;
  return `${bytes}バイト`;
}
