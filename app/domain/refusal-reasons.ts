// Why the app could not use a browser's request (decision 0008), by status: the server that refuses it says
// why in its answer, and the error screen shows the words it is given. So the browser never carries
// these words, nor the upload rules the 413 one quotes, for a screen it almost never draws itself.

import { UploadRuleMessage } from "./upload-rules";

const REFUSAL_REASON: Readonly<Record<number, string>> = {
  413: `送信された内容が大きすぎます。${UploadRuleMessage.tooLarge}`,
  415: "送信された内容がフォームの形式ではありません。",
};

/** An address whose %-escapes decode to no text: no route can be chosen for it. */
export const UNDECODABLE_ADDRESS_REASON = "ページのアドレス（URL）が正しくありません。";

/** The sentence for a refusal with this status, or undefined when the general one says it all. */
export function refusalReason(status: number): string | undefined {
  return REFUSAL_REASON[status];
}
