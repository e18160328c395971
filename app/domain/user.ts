// §3 Current user and the §4 rules derived from it.

import type { CorporateDivision } from "./enumerations";
import { isIsoDate, japanDate } from "./japan-date";
import { ReviewStatus, requiresResubmission } from "./statuses";

export interface CurrentUser {
  id?: number;
  email?: string;
  first_name?: string;
  last_name?: string;
  corporate_division?: CorporateDivision;
  company_name?: string;
  identity_confirmation?: number;
  identity_valid_date?: string | null;
  has_pre_entry_declined?: boolean;
  has_satisfied_profile?: boolean;
  allow_redirect_to_profile?: boolean;
  is_email_verified?: boolean;
  user_segment?: string;
  financial_statements_status?: number;
  withdrawals_detail_status?: number;
  last_withdrawals_detail_date?: string | null;
  visited_at_entry_page_after_mail_verification?: string | null;
}

export type UserStatus = "logout" | "login" | "preEntryDeclined" | "lackOfUserData";

export function isAuthenticated(user: CurrentUser | null | undefined): user is CurrentUser & { id: number } {
  return typeof user?.id === "number";
}

export function hasSatisfiedProfile(user: CurrentUser): boolean {
  return user.has_satisfied_profile === true;
}

/** §4 "Logout when there is no id. Login when profile is satisfied. Otherwise preEntryDeclined …" */
export function userStatus(user: CurrentUser | null | undefined): UserStatus {
  if (!isAuthenticated(user)) return "logout";
  if (hasSatisfiedProfile(user)) return "login";
  if (user.has_pre_entry_declined) return "preEntryDeclined";
  return "lackOfUserData";
}

/** §6 "Individual type changes which financial documents are asked"; unselected is treated like corporate. */
export function isIndividual(user: CurrentUser): boolean {
  return user.corporate_division === "individual";
}

/** §4 "Identity is expired when its valid date is before the start of today." */
export function isIdentityExpired(user: CurrentUser, now: Date): boolean {
  return isIdentityExpiredOn(user, japanDate(now));
}

/** The same rule on a day in Japan (YYYY-MM-DD). */
export function isIdentityExpiredOn(
  user: Pick<CurrentUser, "identity_confirmation" | "identity_valid_date">,
  today: string,
): boolean {
  if (user.identity_confirmation === ReviewStatus.expired) return true;
  const validDate = user.identity_valid_date;
  if (!validDate || !isIsoDate(validDate)) return false;
  return validDate < today;
}

/** §3 isImperfectIdentity; §4 "Inadequate, nothing and expired require resubmission." */
export function isImperfectIdentity(user: CurrentUser): boolean {
  return requiresResubmission(user.identity_confirmation ?? ReviewStatus.nothing);
}

/** §4 "Account step is done when logged in, profile satisfied, identity confirmed or confirming, not expired." */
export function isAccountStepDone(user: CurrentUser | null | undefined, now: Date): boolean {
  if (!isAuthenticated(user) || !hasSatisfiedProfile(user)) return false;
  const identity = user.identity_confirmation;
  const confirmedOrConfirming = identity === ReviewStatus.confirmed || identity === ReviewStatus.confirming;
  return confirmedOrConfirming && !isIdentityExpired(user, now);
}
