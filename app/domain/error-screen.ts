// §2 Error screen, with honest codes (decision 0008): the app's own refusals show their 4xx; §2's
// "session expired" is for the upstream's 400–403; an exception is the 500 the user got.

export interface ErrorScreen {
  code: number;
  title: string;
  message: string;
  link: { href: string; label: string };
}

export interface ErrorCause {
  code: number | null | undefined;
  refusedByApp?: boolean;
  reason?: string;
  requestId?: string;
}

export interface ThrownAnswer {
  status: number;
  data: unknown;
  internal?: boolean;
}

/** §2 "Anything else: an error occurred with the code, or 999 if none." */
export const UNKNOWN_ERROR_STATUS = 999;

/** In production Remix hides the Error; 500 is what the server answered. */
export const EXCEPTION_STATUS = 500;

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
