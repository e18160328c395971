// docs/contributing.md's recipe "Add a profile field": one line in the profile's table, and the schema,
// the labels, the input's attributes, the starting value and the answer's reading all follow.

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { asTyped, constraintsOf, labelsOf, textField } from "~/domain/form-fields";
import { PROFILE_FIELDS, PROFILE_FORM_TABLE, profileFieldLabels } from "~/domain/profile-form";
import { profileFormDefaults } from "~/forms/profile-form.server";
import { profileShape } from "~/forms/profile-validators.server";
import { profileAnswerSchema } from "~/upstream/profile.server";
import { PROFILE } from "../../fixtures/profile";

// The recipe's step 1, in memory: a copy of the table plus one entry.
const WITH_MOBILE = {
  ...PROFILE_FIELDS,
  owner_mobile: textField(
    "代表者の携帯電話番号",
    asTyped,
    { type: "tel", autoComplete: "off" },
    { maxLength: 20 },
  ),
};

/** What /profile posts for PROFILE, as the form sends it. */
const POSTED = {
  corporate_division: "corporate",
  company_name: PROFILE.company_name,
  last_name: PROFILE.last_name,
  first_name: PROFILE.first_name,
  office_zipcode: "100-0005",
  office_prefecture: PROFILE.office_prefecture,
  office_city: PROFILE.office_city,
  office_building_number: PROFILE.office_building_number,
  office_phone: PROFILE.office_phone,
  owner_zipcode: "150-0001",
  owner_prefecture: PROFILE.owner_prefecture,
  owner_city: PROFILE.owner_city,
  owner_building_number: PROFILE.owner_building_number,
  owner_phone: PROFILE.owner_phone,
};

describe("a field added to the profile's table", () => {
  const schema = z.object(profileShape(WITH_MOBILE));

  it("is read by the form's schema, which passes it on to the body sent", () => {
    const result = schema.safeParse({ ...POSTED, owner_mobile: " 090-1234-5678 " });
    expect(result.success && result.data.owner_mobile).toBe("090-1234-5678");
    // Optional: a form without it sends "" (the upstream's way to clear a field).
    const blank = schema.safeParse(POSTED);
    expect(blank.success && blank.data.owner_mobile).toBe("");
  });

  it("is held to its limit, in the plain words of the profile's other limits", () => {
    const result = schema.safeParse({ ...POSTED, owner_mobile: "0".repeat(21) });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors.owner_mobile).toEqual(["20文字以内で入力してください。"]);
  });

  it("has its label in the form and the error summary, in the business type's words", () => {
    const table = { ...PROFILE_FORM_TABLE, owner_mobile: WITH_MOBILE.owner_mobile };
    expect(profileFieldLabels("corporate", table).owner_mobile).toBe("代表者の携帯電話番号");
    expect(profileFieldLabels("individual", table).owner_mobile).toBe("事業主の携帯電話番号");
  });

  it("gives its input the limit and the keyboard", () => {
    expect(constraintsOf(WITH_MOBILE.owner_mobile)).toEqual({
      type: "tel",
      autoComplete: "off",
      maxLength: 20,
    });
  });

  it("is read from the upstream's answer and starts the form from the value saved", () => {
    const answer = profileAnswerSchema(WITH_MOBILE).parse({ ...PROFILE, owner_mobile: "09012345678" });
    expect(answer.owner_mobile).toBe("09012345678");
    expect(profileAnswerSchema(WITH_MOBILE).parse({ ...PROFILE, owner_mobile: null }).owner_mobile).toBe("");
    const fields = Object.keys(labelsOf({ ...PROFILE_FORM_TABLE, owner_mobile: WITH_MOBILE.owner_mobile }));
    expect(profileFormDefaults({ ...PROFILE, ...answer }, fields)).toMatchObject({
      owner_mobile: "09012345678",
    });
  });
});
