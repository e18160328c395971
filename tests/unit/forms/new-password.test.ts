// The new password pair checked before the upstream is called: §5 "Blank field message:
// この項目は空にできません", Django's length and "not entirely numeric" rules (REFERENCE.md), and the
// confirmation matching, reported even while another field is wrong (app/forms/cross-field.server.ts).

import { withZod } from "@remix-validated-form/with-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationMessage } from "~/domain/messages";
import { PasswordMessage } from "~/domain/passwords";
import { withCrossFieldChecks } from "~/forms/cross-field.server";
import { newPasswordFields, newPasswordsMatch } from "~/forms/new-password.server";

const validator = withCrossFieldChecks(withZod(z.object(newPasswordFields)), newPasswordsMatch);

async function errorsOf(values: Record<string, string>) {
  const result = await validator.validate(values);
  return result.error?.fieldErrors ?? {};
}

describe("new password pair", () => {
  it("accepts a long enough password typed twice", async () => {
    const result = await validator.validate({
      new_password1: "Kaede-no-ki-2026",
      new_password2: "Kaede-no-ki-2026",
    });
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ new_password1: "Kaede-no-ki-2026", new_password2: "Kaede-no-ki-2026" });
  });

  it("says blank with the §5 message", async () => {
    expect(await errorsOf({ new_password1: "", new_password2: "" })).toEqual({
      new_password1: ValidationMessage.blank,
      new_password2: ValidationMessage.blank,
    });
  });

  it("refuses fewer than 8 characters, more than 128, and digits only", async () => {
    expect((await errorsOf({ new_password1: "Short-1", new_password2: "Short-1" })).new_password1).toBe(
      PasswordMessage.tooShort,
    );
    const long = "a".repeat(129);
    expect((await errorsOf({ new_password1: long, new_password2: long })).new_password1).toBe(
      PasswordMessage.tooLong,
    );
    expect((await errorsOf({ new_password1: "1234567890", new_password2: "1234567890" })).new_password1).toBe(
      PasswordMessage.entirelyNumeric,
    );
  });

  it("reports a confirmation that differs at the confirmation, even when the first field fails too", async () => {
    expect(await errorsOf({ new_password1: "Kaede-no-ki-2026", new_password2: "Kaede-no-ki-2027" })).toEqual({
      new_password2: PasswordMessage.mismatch,
    });
    expect(
      (await errorsOf({ new_password1: "12345678", new_password2: "Kaede-no-ki-2027" })).new_password2,
    ).toBe(PasswordMessage.mismatch);
  });
});
