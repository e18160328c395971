// 「住所を検索」 without JavaScript posts the profile form; the page comes back with
// everything typed and the address filled, or with the message at the postcode and a 4xx.

import { describe, expect, it } from "vitest";
import { type FormFailure } from "~/forms/form-failure";
import { handlePostcodeLookup } from "~/forms/profile-form.server";

function post(fields: Record<string, string>) {
  const formData = new FormData();
  formData.append("intent", "profile");
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

async function answer(response: Response | null) {
  expect(response).not.toBeNull();
  return {
    status: response!.status,
    body: (await response!.json()) as FormFailure & Record<string, unknown>,
  };
}

describe("handlePostcodeLookup", () => {
  it("is no look-up without the button's intent", () => {
    expect(handlePostcodeLookup(post({ office_zipcode: "100-0005" }), "profile-form")).toBeNull();
  });

  it("the pressed group's prefecture and city are replaced, everything else is sent back as typed", async () => {
    const { status, body } = await answer(
      handlePostcodeLookup(
        post({
          intent: "lookup_postcode:owner",
          company_name: "株式会社テスト商事",
          office_zipcode: "100-0005",
          office_city: "千代田区",
          owner_zipcode: "１５０－０００１",
          owner_prefecture: "大阪府",
          owner_city: "大阪市",
          owner_building_number: "1-2-3",
          owner_phone: "03-1234-5678",
        }),
        "profile-form",
      ),
    );
    expect(status).toBe(200);
    expect(body.formId).toBe("profile-form");
    expect(body.fieldErrors).toEqual({});
    expect(body.values).toMatchObject({
      company_name: "株式会社テスト商事",
      office_zipcode: "100-0005",
      office_city: "千代田区",
      owner_zipcode: "150-0001",
      owner_prefecture: "東京都",
      owner_city: "渋谷区",
      // The house number typed is never replaced by the town.
      owner_building_number: "1-2-3",
      owner_phone: "03-1234-5678",
    });
    expect(body.postcodeLookup).toMatchObject({ who: "owner" });
  });

  it("a postcode with no address: 422, the message at that postcode, the values kept", async () => {
    const { status, body } = await answer(
      handlePostcodeLookup(
        post({ intent: "lookup_postcode:office", office_zipcode: "999-9999", office_city: "千代田区" }),
        "profile-form",
      ),
    );
    expect(status).toBe(422);
    expect(body.fieldErrors).toEqual({ office_zipcode: expect.stringContaining("見つかりません") });
    expect(body.values).toMatchObject({ office_zipcode: "999-9999", office_city: "千代田区" });
  });

  it("the button with nothing typed: 422 asking for the postcode", async () => {
    const { status, body } = await answer(
      handlePostcodeLookup(post({ intent: "lookup_postcode:office", office_zipcode: "" }), "profile-form"),
    );
    expect(status).toBe(422);
    expect(body.fieldErrors.office_zipcode).toContain("郵便番号を入力してから");
  });
});
