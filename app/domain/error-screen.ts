// §2 Error screen: what the user reads for each status.
//   404: page not found, with a link to My page if logged in, otherwise to the top page.
//   500-599: a server error occurred, with the code, asking the user to start again (inside the
//   wizard at the step the screen stands on, with what it saved; elsewhere at the top page).
//   400-403: session expired, asking the user to log in again.
//   Anything else: an error occurred with the code, or 999 if none.
// Honest error codes (decision 0008): a request the app itself refuses (a body it cannot read, too
// large, not a form) shows its own 4xx code and says so; §2's "session expired" is for the
// upstream's 400-403. An exception is a server error, 500: the HTTP status the user got.

export interface ErrorScreen {
  code: number;
  title: string;
  message: string;
  link: { href: string; label: string };
}

/** What an error boundary caught, as far as the screen cares. */
export interface ErrorCause {
  code: number | null | undefined;
  /** The app refused the browser's request itself, before asking the upstream. */
  refusedByApp?: boolean;
  /** Why, in the refusing server's words (app/domain/refusal-reasons.ts), when it gave any. */
  reason?: string;
  /** The id of the request that failed, which the user can quote (「お問い合わせ番号」). */
  requestId?: string;
}

/** An HTTP answer thrown by a loader or action (Remix's route error response). */
export interface ThrownAnswer {
  status: number;
  data: unknown;
  /** Remix's own answers (no route, method not allowed, a malformed `_data` request). */
  internal?: boolean;
}

/** §2 "Anything else: an error occurred with the code, or 999 if none." */
export const UNKNOWN_ERROR_STATUS = 999;

/** The status of an exception: what the server answered (in production Remix hides the Error). */
export const EXCEPTION_STATUS = 500;

/**
 * The cause to show for what a boundary caught: an error screen answer's `code` (else its status),
 * whether the app refused the request itself (`badRequest`, or Remix's own answer) and why; anything that
 * is no HTTP answer (`null`) is an exception, shown as the 500 it was answered with.
 */
export function errorCauseOf(answer: ThrownAnswer | null): ErrorCause {
  if (answer === null) return { code: EXCEPTION_STATUS };
  const data = (typeof answer.data === "object" ? answer.data : null) as {
    code?: unknown;
    badRequest?: unknown;
    reason?: unknown;
    requestId?: unknown;
  } | null;
  const cause: ErrorCause = {
    code: typeof data?.code === "number" ? data.code : answer.status,
    refusedByApp: data?.badRequest === true || answer.internal === true,
  };
  if (typeof data?.reason === "string") cause.reason = data.reason;
  if (typeof data?.requestId === "string") cause.requestId = data.requestId;
  return cause;
}

const homeLink = (isLoggedIn: boolean) =>
  isLoggedIn ? { href: "/mypage", label: "マイページへ戻る" } : { href: "/", label: "トップページへ戻る" };

export function errorScreenFor(
  code: number | null | undefined,
  isLoggedIn: boolean,
  {
    refusedByApp = false,
    reason = "",
    restartAt = "/",
  }: {
    refusedByApp?: boolean;
    reason?: string;
    /** Where 「最初からやり直す」 goes: a wizard page starts again at its step (entry-steps' wizardPageOf). */
    restartAt?: string;
  } = {},
): ErrorScreen {
  const shown = typeof code === "number" && Number.isInteger(code) && code > 0 ? code : UNKNOWN_ERROR_STATUS;
  if (shown === 404) {
    return {
      code: shown,
      title: "ページが見つかりません",
      message: "お探しのページは見つかりませんでした。URLが正しいかご確認ください。",
      link: homeLink(isLoggedIn),
    };
  }
  if (shown >= 500 && shown <= 599) {
    return {
      code: shown,
      title: "サーバーエラーが発生しました",
      message: `サーバーエラーが発生しました（エラーコード: ${shown}）。お手数ですが、最初からやり直してください。`,
      link: { href: restartAt, label: "最初からやり直す" },
    };
  }
  if (refusedByApp && shown >= 400 && shown <= 499) {
    return {
      code: shown,
      title: "リクエストを処理できませんでした",
      message: `リクエストを処理できませんでした（エラーコード: ${shown}）。${reason}お手数ですが、ページを開き直してもう一度お試しください。`,
      link: homeLink(isLoggedIn),
    };
  }
  if (shown >= 400 && shown <= 403) {
    return {
      code: shown,
      title: "セッションの有効期限が切れました",
      message: "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。",
      link: { href: "/login", label: "ログインする" },
    };
  }
  return {
    code: shown,
    title: "エラーが発生しました",
    message: `エラーが発生しました（エラーコード: ${shown}）。時間をおいて再度お試しください。`,
    link: homeLink(isLoggedIn),
  };
}
