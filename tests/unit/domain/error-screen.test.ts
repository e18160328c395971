import { describe, expect, it } from "vitest";
import { errorScreenFor } from "~/domain/error-screen";

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
