import { describe, expect, it } from "vitest";
import { errorCauseOf, errorScreenFor } from "~/domain/error-screen";
import { refusalReason } from "~/domain/refusal-reasons";

describe("§2 error screen", () => {
  it("404: page not found message, with a link to My page if logged in, otherwise to the top page", () => {
    expect(errorScreenFor(404, true)).toMatchObject({
      title: "ページが見つかりません",
      link: { href: "/mypage" },
    });
    expect(errorScreenFor(404, false).link.href).toBe("/");
  });
  it("Codes 500-599: a server error occurred, with the code, asking the user to start again", () => {
    for (const code of [500, 502, 599]) {
      const screen = errorScreenFor(code, false);
      expect(screen.title).toBe("サーバーエラーが発生しました");
      expect(screen.message).toContain(String(code));
      expect(screen.message).toContain("最初からやり直してください");
    }
  });
  it("500-599 inside the wizard: 「最初からやり直す」 starts again at the step; elsewhere at the top page", () => {
    expect(errorScreenFor(503, true, { restartAt: "/entry/entry_invoice" }).link).toEqual({
      href: "/entry/entry_invoice",
      label: "最初からやり直す",
    });
    expect(errorScreenFor(503, true).link.href).toBe("/");
    // Only the server error's link moves: the others keep theirs.
    expect(errorScreenFor(404, true, { restartAt: "/entry" }).link.href).toBe("/mypage");
  });
  it("Codes 400-403: session expired, asking the user to log in again", () => {
    for (const code of [400, 401, 402, 403]) {
      expect(errorScreenFor(code, true)).toMatchObject({
        title: "セッションの有効期限が切れました",
        link: { href: "/login" },
      });
    }
  });
  it("Anything else: an error occurred with the code, or 999 if none", () => {
    expect(errorScreenFor(405, false).message).toContain("405");
    expect(errorScreenFor(499, false).message).toContain("499");
    expect(errorScreenFor(undefined, false).code).toBe(999);
    expect(errorScreenFor(null, false).message).toContain("999");
  });
});

describe("honest error codes", () => {
  it("a request the app refuses itself shows its own 4xx code, not §2's session expired", () => {
    for (const code of [400, 413, 415]) {
      const screen = errorScreenFor(code, false, { refusedByApp: true });
      expect(screen.title).toBe("リクエストを処理できませんでした");
      expect(screen.message).toContain(`リクエストを処理できませんでした（エラーコード: ${code}）`);
      expect(screen.message).not.toContain("セッション");
      expect(screen.link.href).toBe("/");
    }
  });
  it("413 says the request was too large, 415 that it was not a form (the refusing server's reason)", () => {
    const refused = (code: number) =>
      errorScreenFor(code, true, { refusedByApp: true, reason: refusalReason(code) });
    expect(refused(413).message).toContain("大きすぎます");
    expect(refused(413).message).toContain("10MB");
    expect(refused(415).message).toContain("フォームの形式ではありません");
    expect(refusalReason(400)).toBeUndefined();
  });
  it("the upstream's 400-403 keep §2's session expired text", () => {
    expect(errorScreenFor(errorCauseOf({ status: 403, data: { code: 403 } }).code, true).title).toBe(
      "セッションの有効期限が切れました",
    );
  });
  it("an exception (no HTTP answer) is the 500 the server answered: サーバーエラー with the code, never 999", () => {
    const cause = errorCauseOf(null);
    expect(cause.code).toBe(500);
    const screen = errorScreenFor(cause.code, false, cause);
    expect(screen.title).toBe("サーバーエラーが発生しました");
    expect(screen.message).toContain("サーバーエラーが発生しました（エラーコード: 500）");
    expect(screen.message).not.toContain("999");
  });
  it("reads an error screen answer's code and whether the app refused the request", () => {
    expect(errorCauseOf({ status: 413, data: { code: 413, badRequest: true } })).toEqual({
      code: 413,
      refusedByApp: true,
    });
    expect(errorCauseOf({ status: 502, data: { code: 499 } })).toEqual({ code: 499, refusedByApp: false });
    expect(errorCauseOf({ status: 415, data: { code: 415, badRequest: true, reason: "理由。" } })).toEqual({
      code: 415,
      refusedByApp: true,
      reason: "理由。",
    });
    // Remix's own answers (405 method not allowed) are the app's refusals too.
    expect(errorCauseOf({ status: 405, data: "Method Not Allowed", internal: true })).toEqual({
      code: 405,
      refusedByApp: true,
    });
  });
});
