// The profile's payout account holder name is held to §5's 30 characters once formatted: typed in
// half-width kana its ﾞ and ﾟ come apart, so the form takes up to 60 as typed, as the wizard does.

import { describe, expect, it } from "vitest";
import { formatHolderName } from "~/domain/bank-account";
import { ValidationMessage } from "~/domain/messages";
import { fullProfileValidator } from "~/forms/profile-validators.server";
import { sampleProfile } from "../../../reference-upstream/demo/sample-entry";

const PROFILE_POST = {
  ...sampleProfile("corporate"),
  bank_name: "みどり銀行",
  branch_name: "本店",
  deposit_type: "ordinary",
  bank_account_number: "1234567",
};

function post(holder: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...PROFILE_POST, account_holder_name: holder }))
    form.set(name, value);
  return fullProfileValidator.validate(form);
}

describe("the profile's payout account holder name", () => {
  it("typed in half-width kana, 30 characters once joined, is accepted", async () => {
    const typed = "ｶﾞ".repeat(15) + "ﾀﾞ".repeat(15);
    expect(typed).toHaveLength(60);
    expect([...formatHolderName(typed)]).toHaveLength(30);
    const result = await post(typed);
    expect(result.error?.fieldErrors).toBeUndefined();
  });

  it("31 characters once joined get §5's message", async () => {
    const result = await post("ｶﾞ".repeat(15) + "ﾀ".repeat(16));
    expect(result.error?.fieldErrors.account_holder_name).toBe(ValidationMessage.accountHolderName);
  });
});
