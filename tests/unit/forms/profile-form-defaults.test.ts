// The profile form's starting values (a new labelled field of the profile needs no line in
// profileFormDefaults): every labelled field the profile holds as text, and the few shown in another
// form than stored.

import { describe, expect, it } from "vitest";
import { profileFormDefaults } from "~/forms/profile-form.server";
import { PROFILE_FORM_FIELDS } from "~/forms/profile-labels";
import { PROFILE } from "../../fixtures/profile";

describe("profileFormDefaults", () => {
  it("every labelled text field starts from the profile as stored", () => {
    const defaults = profileFormDefaults(PROFILE);
    expect(defaults).toMatchObject({
      company_name: "株式会社サキドリ商事",
      last_name: "山田",
      office_city: "千代田区",
      owner_building_number: "神宮前1-1",
      business_summary: "部品の卸売",
      office_phone: "0312345678",
    });
    // Nothing but the form's own fields.
    for (const name of Object.keys(defaults)) expect(PROFILE_FORM_FIELDS).toContain(name);
  });

  it("postcodes as people write them, the payout account from bank_account (ordinary by default)", () => {
    const defaults = profileFormDefaults(PROFILE);
    expect(defaults.office_zipcode).toBe("100-0005");
    expect(defaults.owner_zipcode).toBe("150-0001");
    expect(defaults.bank_name).toBe("");
    expect(defaults.deposit_type).toBe("ordinary");
    expect(
      profileFormDefaults({
        ...PROFILE,
        bank_account: {
          bank_name: "みどり銀行",
          branch_name: "本店",
          deposit_type: "checking",
          bank_account_number: "1234567",
          account_holder_name: "ｶ)ｻｷﾄﾞﾘ",
        },
      }),
    ).toMatchObject({ bank_name: "みどり銀行", deposit_type: "checking", account_holder_name: "ｶ)ｻｷﾄﾞﾘ" });
  });
});
