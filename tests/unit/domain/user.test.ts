import { describe, expect, it } from "vitest";
import {
  type CurrentUser,
  isAccountStepDone,
  isIdentityExpired,
  isImperfectIdentity,
  isIndividual,
  userStatus,
} from "~/domain/user";

const complete: CurrentUser = {
  id: 1,
  corporate_division: "corporate",
  has_satisfied_profile: true,
  has_pre_entry_declined: false,
  identity_confirmation: 3,
  identity_valid_date: "2027-01-01",
};
// 2026-11-21 10:00 in Japan is 01:00 UTC the same day.
const now = new Date("2026-11-21T01:00:00Z");

describe("§4 user status", () => {
  it("Logout when there is no id", () => {
    expect(userStatus(null)).toBe("logout");
    expect(userStatus({ has_satisfied_profile: true })).toBe("logout");
  });
  it("Login when profile is satisfied", () => {
    expect(userStatus(complete)).toBe("login");
  });
  it("Otherwise preEntryDeclined when the user has a declined pre-entry", () => {
    expect(userStatus({ ...complete, has_satisfied_profile: false, has_pre_entry_declined: true })).toBe(
      "preEntryDeclined",
    );
  });
  it("otherwise lackOfUserData", () => {
    expect(userStatus({ ...complete, has_satisfied_profile: false })).toBe("lackOfUserData");
  });
});

describe("§4 identity expired", () => {
  it("Identity is expired when its valid date is before the start of today (in Japan)", () => {
    expect(isIdentityExpired({ ...complete, identity_valid_date: "2026-11-20" }, now)).toBe(true);
    expect(isIdentityExpired({ ...complete, identity_valid_date: "2026-11-21" }, now)).toBe(false);
    // 2026-11-21 16:00 UTC is already 2026-11-22 in Japan.
    expect(
      isIdentityExpired({ ...complete, identity_valid_date: "2026-11-21" }, new Date("2026-11-21T16:00:00Z")),
    ).toBe(true);
  });
  it("an identity the operator marked expired (5) is expired whatever its date", () => {
    expect(isIdentityExpired({ ...complete, identity_confirmation: 5 }, now)).toBe(true);
  });
  it("no valid date is not expired", () => {
    expect(isIdentityExpired({ ...complete, identity_valid_date: null }, now)).toBe(false);
  });
});

describe("§3 imperfect identity and individual", () => {
  it("Inadequate, nothing and expired require resubmission", () => {
    expect(
      [1, 2, 3, 4, 5].filter((status) => isImperfectIdentity({ identity_confirmation: status })),
    ).toEqual([2, 4, 5]);
    expect(isImperfectIdentity({})).toBe(true);
  });
  it("unselected is treated like corporate", () => {
    expect(isIndividual({ corporate_division: "individual" })).toBe(true);
    expect(isIndividual({ corporate_division: "none" })).toBe(false);
    expect(isIndividual({ corporate_division: "corporate" })).toBe(false);
  });
});

describe("§4 account step", () => {
  it("Account step is done when logged in, profile satisfied, identity confirmed or confirming, and not expired", () => {
    expect(isAccountStepDone(complete, now)).toBe(true);
    expect(isAccountStepDone({ ...complete, identity_confirmation: 1, identity_valid_date: null }, now)).toBe(
      true,
    );
  });
  it("is not done when any part is missing", () => {
    expect(isAccountStepDone(null, now)).toBe(false);
    expect(isAccountStepDone({ ...complete, id: undefined }, now)).toBe(false);
    expect(isAccountStepDone({ ...complete, has_satisfied_profile: false }, now)).toBe(false);
    expect(isAccountStepDone({ ...complete, identity_confirmation: 2 }, now)).toBe(false);
    expect(isAccountStepDone({ ...complete, identity_valid_date: "2026-01-01" }, now)).toBe(false);
  });
});
