// Why the app refused a request (decision 0008): the refusing server says it, so the browser carries none.

import { UploadRuleMessage } from "./upload-rules";

const REFUSAL_REASON: Readonly<Record<number, string>> = {
  405: "このページは、この方法でのリクエストを受け付けていません。",
  413: `送信された内容が大きすぎます。${UploadRuleMessage.tooLarge}`,
  415: "送信された内容がフォームの形式ではありません。",
};

export const UNDECODABLE_ADDRESS_REASON = "ページのアドレス（URL）が正しくありません。";

export function refusalReason(status: number): string | undefined {
  return REFUSAL_REASON[status];
}
