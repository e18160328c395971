// Look-ups past their limit (法人番号, bank, branch, postcode; decision 0023): the words people read,
// and the answer a look-up route gives then, which the fields read with JavaScript. A refusal never
// stops anyone: every field it helps can be typed by hand.

/**
 * A look-up route's answer past the limit (429, with the same seconds in Retry-After), or when the
 * session has ended (401): an answer the field shows, never a redirect that would take the page away.
 */
export interface LookupRefusal {
  refused: "lookupLimit" | "sessionEnded";
  message: string;
  retryAfterSeconds: number;
}

/** When to try again, and that typing by hand still works. */
export function lookupLimitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分`;
  return `検索回数が上限に達しました。${wait}ほどたってから、もう一度お試しください。検索を使わずに、直接入力することもできます。`;
}

export function lookupRefusal(retryAfterSeconds: number): LookupRefusal {
  return { refused: "lookupLimit", message: lookupLimitMessage(retryAfterSeconds), retryAfterSeconds };
}

/** How long a field waits before asking again once the session has ended: it is not coming back by itself. */
const SESSION_ENDED_PAUSE_SECONDS = 60;

export function sessionEndedRefusal(): LookupRefusal {
  return {
    refused: "sessionEnded",
    message:
      "ログインの有効期限が切れたため、候補を表示できません。直接入力できます。保存するときに、もう一度ログインしていただきます。",
    retryAfterSeconds: SESSION_ENDED_PAUSE_SECONDS,
  };
}

/** True for a look-up route's refusal (the data a field's fetch got instead of matches). */
export function isLookupRefusal(data: unknown): data is LookupRefusal {
  return (
    typeof data === "object" &&
    data !== null &&
    ["lookupLimit", "sessionEnded"].includes(String((data as { refused?: unknown }).refused))
  );
}
