// §2 Error screen: what the user reads for each status.
//   404: page not found, with a link to My page if logged in, otherwise to the top page.
//   500-599: a server error occurred, with the code, asking the user to start again.
//   400-403: session expired, asking the user to log in again.
//   Anything else: an error occurred with the code, or 999 if none.

import { UNKNOWN_ERROR_STATUS } from "./messages";

export interface ErrorScreen {
  code: number;
  title: string;
  message: string;
  link: { href: string; label: string };
}

export function errorScreenFor(code: number | null | undefined, isLoggedIn: boolean): ErrorScreen {
  const shown = typeof code === "number" && Number.isInteger(code) && code > 0 ? code : UNKNOWN_ERROR_STATUS;
  if (shown === 404) {
    return {
      code: shown,
      title: "ページが見つかりません",
      message: "お探しのページは見つかりませんでした。URLが正しいかご確認ください。",
      link: isLoggedIn
        ? { href: "/mypage", label: "マイページへ戻る" }
        : { href: "/", label: "トップページへ戻る" },
    };
  }
  if (shown >= 500 && shown <= 599) {
    return {
      code: shown,
      title: "サーバーエラーが発生しました",
      message: `サーバーエラーが発生しました（エラーコード: ${shown}）。お手数ですが、最初からやり直してください。`,
      link: { href: "/", label: "最初からやり直す" },
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
    link: isLoggedIn
      ? { href: "/mypage", label: "マイページへ戻る" }
      : { href: "/", label: "トップページへ戻る" },
  };
}
