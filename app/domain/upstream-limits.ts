// The upstream's limits on lengths and counts (docs/upstream-api), imported by the app's fields and
// the reference upstream alike.

/** An email address: registration, login, password reset, a new address. */
export const EMAIL_MAX_LENGTH = 254;
/** A person's family or given name. */
export const PERSON_NAME_MAX_LENGTH = 150;
/** The profile's company name and address lines. */
export const PROFILE_TEXT_MAX_LENGTH = 255;
/** The profile's business summary. */
export const BUSINESS_SUMMARY_MAX_LENGTH = 1000;
/** Any string a draft keeps: it saves what the step's own checks refuse later, up to this. */
export const DRAFT_TEXT_MAX_LENGTH = 1000;
/** Holder names a claim lists (its obliger accounts), in a draft and in an entry. */
export const MAX_HOLDER_NAMES = 10;
/** The key that makes an entry's or an upload's creation happen once. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
/** A bank's or a branch's name in a bank account (a payout account, a statement's bank). */
export const BANK_NAME_MAX_LENGTH = 100;
