// What a user must do before applying, in order (§4 "Account step is done when …").

import { ReviewStatus } from "./statuses";
import { type CurrentUser, hasSatisfiedProfile, isIdentityExpired } from "./user";

export type AccountStepId = "email" | "profile" | "identity";

export type AccountStepState = "done" | "waiting" | "todo";

/** Why the identity step needs the user: §4 "Inadequate, nothing and expired require resubmission." */
export type IdentityProblem = "nothing" | "inadequate" | "expired";

export interface AccountStep {
  id: AccountStepId;
  state: AccountStepState;
  identityProblem?: IdentityProblem;
}

export interface AccountUser extends CurrentUser {
  is_email_verified?: boolean;
}

export function identityProblem(user: CurrentUser, now: Date): IdentityProblem | null {
  if (isIdentityExpired(user, now)) return "expired";
  const status = user.identity_confirmation ?? ReviewStatus.nothing;
  if (status === ReviewStatus.inadequate) return "inadequate";
  if (status === ReviewStatus.confirmed || status === ReviewStatus.confirming) return null;
  return "nothing";
}

export function accountSteps(user: AccountUser, now: Date): AccountStep[] {
  const problem = identityProblem(user, now);
  const identity: AccountStep = problem
    ? { id: "identity", state: "todo", identityProblem: problem }
    : {
        id: "identity",
        state: user.identity_confirmation === ReviewStatus.confirming ? "waiting" : "done",
      };
  return [
    { id: "email", state: user.is_email_verified === true ? "done" : "todo" },
    { id: "profile", state: hasSatisfiedProfile(user) ? "done" : "todo" },
    identity,
  ];
}

export function nextAccountStep(steps: readonly AccountStep[]): AccountStep | null {
  return steps.find((step) => step.state === "todo") ?? null;
}
