// The password area's placement rules: a refused reset link is recognised from the upstream's
// `{"uid": [...]}` / `{"token": [...]}` (docs/upstream-api/accounts.md), and Django's validator
// messages, which the upstream puts on new_password2, are shown at the new password.

import { describe, expect, it } from "vitest";
import { isRejectedResetLink, placeNewPasswordErrors } from "~/domain/passwords";

describe("isRejectedResetLink: 400 {uid} or {token} means the link, not the form, is wrong", () => {
  it("recognises the token refused (unknown, used, expired, another user's)", () => {
    expect(isRejectedResetLink({ token: ["無効な値です。"] })).toBe(true);
  });

  it("recognises the uid refused", () => {
    expect(isRejectedResetLink({ uid: ["無効な値です。"] })).toBe(true);
  });

  it("is false for errors of the password fields only", () => {
    expect(isRejectedResetLink({ new_password2: ["このパスワードは一般的すぎます。"] })).toBe(false);
    expect(isRejectedResetLink({})).toBe(false);
  });

  it("ignores empty lists and empty values", () => {
    expect(isRejectedResetLink({ token: [], uid: "" })).toBe(false);
    expect(isRejectedResetLink({ token: null })).toBe(false);
  });
});

describe("placeNewPasswordErrors: validator messages land at the new password", () => {
  it("moves the confirmation's message to new_password1", () => {
    expect(
      placeNewPasswordErrors({ new_password2: "このパスワードは一般的すぎます。", old_password: "x" }),
    ).toEqual({ new_password1: "このパスワードは一般的すぎます。", old_password: "x" });
  });

  it("keeps both when new_password1 already has its own message", () => {
    const errors = { new_password1: "a", new_password2: "b" };
    expect(placeNewPasswordErrors(errors)).toEqual(errors);
  });

  it("leaves errors without a confirmation message as they are", () => {
    const errors = { old_password: "元のパスワードが間違っています。もう一度入力してください。" };
    expect(placeNewPasswordErrors(errors)).toBe(errors);
  });
});
