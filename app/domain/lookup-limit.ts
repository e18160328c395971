// Look-ups past their limit (decision 0023): a refusal never stops anyone, every field can be typed.

/** 429 with Retry-After, or 401: an answer the field shows, never a redirect that takes the page away. */
export interface LookupRefusal {
  refused: "lookupLimit" | "sessionEnded";
  message: string;
  retryAfterSeconds: number;
}

export function lookupLimitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分`;
  return `検索回数が上限に達しました。${wait}ほどたってから、もう一度お試しください。検索を使わずに、直接入力することもできます。`;
}

export function lookupRefusal(retryAfterSeconds: number): LookupRefusal {
  return { refused: "lookupLimit", message: lookupLimitMessage(retryAfterSeconds), retryAfterSeconds };
}

/** The session is not coming back by itself. */
const SESSION_ENDED_PAUSE_SECONDS = 60;

export function sessionEndedRefusal(): LookupRefusal {
  return {
    refused: "sessionEnded",
    message:
      "ログインの有効期限が切れたため、候補を表示できません。直接入力できます。保存するときに、もう一度ログインしていただきます。",
    retryAfterSeconds: SESSION_ENDED_PAUSE_SECONDS,
  };
}

export function isLookupRefusal(data: unknown): data is LookupRefusal {
  return (
    typeof data === "object" &&
    data !== null &&
    ["lookupLimit", "sessionEnded"].includes(String((data as { refused?: unknown }).refused))
  );
}
