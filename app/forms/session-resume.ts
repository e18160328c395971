// The answer to a form's post that met an ended session (decision 0027), and its login form's names.

import type { FormFailure } from "./form-failure";

/** The field that marks the login form's post (`login`) and the way back to the form after it (`restore`). */
export const RELOGIN_FIELD = "relogin";
export type ReloginPost = "login" | "restore";
export const TYPED_FIELD = "typed";
/** The form page's token naming whom it was rendered for: what is typed in it is theirs. */
export const TYPED_BY_FIELD = "typed_by";

/**
 * What the typist's login does with what was typed: `save` replays it as the form's own save (the
 * wizard's 下書き保存, /profile's 保存); `show` brings the form back filled, nothing sent (a post that
 * reaches the operator waits for the person's own press); `nothing` carries nothing (passwords).
 */
export type AfterLogin = "save" | "show" | "nothing";

export interface SessionEnded {
  sessionEnded: true;
  reason: "csrf" | "session_expired";
  afterLogin: AfterLogin;
  /** What was typed, signed for the person who typed it; null when the page named no one (a plain login). */
  typed: string | null;
  /** The names of the files chosen without JavaScript: not sent, to be chosen again. */
  filesDropped: string[];
  login: (FormFailure & { wrongService: { url: string; serviceName: string } | null }) | null;
}

export function isSessionEnded(data: unknown): data is SessionEnded {
  return typeof data === "object" && data !== null && "sessionEnded" in data && data.sessionEnded === true;
}

/**
 * After the typist's login, when the form's answer cannot come in the same response (its page's
 * loaders ran with the ended session): a button back to the form, carrying the typed fields again.
 */
export interface BackToForm {
  backToForm: true;
  afterLogin: AfterLogin;
  typed: string;
}

export function isBackToForm(data: unknown): data is BackToForm {
  return typeof data === "object" && data !== null && "backToForm" in data && data.backToForm === true;
}

/** Said above a form brought back filled after the login (`show`): nothing went anywhere yet. */
export const UNSENT_NOTICE =
  "ログインしました。入力した内容を戻しました。まだ送信していません。内容をご確認のうえ、もう一度ボタンを押してください。";
