import { describe, expect, it } from "vitest";
import { type AccountUser, accountSteps, identityProblem, nextAccountStep } from "~/domain/account-steps";

// 2026-11-21 10:00 in Japan.
const now = new Date("2026-11-21T01:00:00Z");
const ready: AccountUser = {
  id: 1,
  is_email_verified: true,
  has_satisfied_profile: true,
  identity_confirmation: 3,
  identity_valid_date: "2027-01-01",
};

describe("the steps before a first entry, in order", () => {
  it("a fresh user must confirm the e-mail first, then the profile, then the identity", () => {
    const steps = accountSteps({ id: 2, is_email_verified: false, has_satisfied_profile: false }, now);
    expect(steps.map((step) => [step.id, step.state])).toEqual([
      ["email", "todo"],
      ["profile", "todo"],
      ["identity", "todo"],
    ]);
    expect(nextAccountStep(steps)?.id).toBe("email");
  });

  it("with the e-mail confirmed the profile comes next", () => {
    const steps = accountSteps({ id: 2, is_email_verified: true, has_satisfied_profile: false }, now);
    expect(nextAccountStep(steps)?.id).toBe("profile");
  });

  it("Account step is done when … identity confirmed or confirming, and not expired: nothing left to do", () => {
    expect(nextAccountStep(accountSteps(ready, now))).toBeNull();
    const confirming = accountSteps({ ...ready, identity_confirmation: 1, identity_valid_date: null }, now);
    expect(confirming[2]).toEqual({ id: "identity", state: "waiting" });
    expect(nextAccountStep(confirming)).toBeNull();
  });

  it("Inadequate, nothing and expired require resubmission", () => {
    expect(identityProblem({ ...ready, identity_confirmation: 2 }, now)).toBe("inadequate");
    expect(identityProblem({ ...ready, identity_confirmation: 4 }, now)).toBe("nothing");
    expect(identityProblem({ ...ready, identity_confirmation: 5 }, now)).toBe("expired");
    expect(identityProblem({ ...ready, identity_confirmation: undefined }, now)).toBe("nothing");
  });

  it("Identity is expired when its valid date is before the start of today, even when confirmed", () => {
    const steps = accountSteps({ ...ready, identity_valid_date: "2026-11-20" }, now);
    expect(nextAccountStep(steps)).toEqual({ id: "identity", state: "todo", identityProblem: "expired" });
  });
});
