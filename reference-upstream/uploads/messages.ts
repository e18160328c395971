// The upload endpoints' Japanese messages, in one place (DRF's wording where DRF has one).

import { UploadRuleMessage } from "../../app/domain/upload-rules";

export const UploadMessage = {
  /** Architecture decision 8: 10 MiB a file (shown as "10MB", as people read it). */
  tooLarge: UploadRuleMessage.tooLarge,
  /** DRF FileField "No file was submitted." */
  noFile: "ファイルが送信されていません。",
  /** DRF FileField "The submitted file is empty." */
  emptyFile: UploadRuleMessage.emptyFile,
  /** DRF FileField "The submitted data was not a file. Check the encoding type on the form." */
  notAFile: "送信されたデータはファイルではありません。フォームのエンコードタイプを確認してください。",
  /** Architecture decision 8: PDF, JPEG and PNG, recognised by their first bytes. */
  unsupportedType: UploadRuleMessage.unsupportedType,
  sideOnlyForIdentity: "本人確認書類（identity）以外には指定できません。",
  attachedToEntry: "申し込み済みのファイルは削除できません。",
  /** DRF PrimaryKeyRelatedField "Invalid pk "{pk}" - object does not exist." */
  invalidPk: (id: number) => `主キー "${id}" は不正です - データが存在しません。`,
  /** DRF MultiPartParserError "Multipart form parse error - {reason}". */
  parseError: (reason: string) => `マルチパートフォームの解析エラー - ${reason}`,
  aborted: "アップロードが中断されました。",
  lengthRequired: "Content-Length ヘッダーが必要です。",
} as const;
