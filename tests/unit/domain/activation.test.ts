// One message per resend outcome, saying when to try again.

import { describe, expect, it } from "vitest";
import { ActivationMessage } from "~/domain/activation";

describe("the refused resend's message", () => {
  it("names the limit and the minutes to wait, rounded up, at least one", () => {
    expect(ActivationMessage.resendLimited(540)).toBe(
      "確認メールの再送は10分間に3回までです。あと9分ほどたってから、もう一度お試しください。",
    );
    expect(ActivationMessage.resendLimited(61)).toContain("あと2分ほど");
    expect(ActivationMessage.resendLimited(5)).toContain("あと1分ほど");
  });
});
