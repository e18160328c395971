// The honeypot field of the public forms (login, register, password reset), read by their actions.

/** A field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";
