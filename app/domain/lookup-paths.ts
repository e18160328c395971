// The look-up routes that scripts ask while a person types (JSON, no page, decision 0023). Named once
// here: the fields that ask them, and the redirect check that never returns a person to one.

import { POSTCODE_LOOKUP_PATH } from "./postcode-address";

/** Corporate-number suggestions (the invoice step's 法人番号 combobox). */
export const HOUJINBANGOU_LOOKUP_PATH = "/entry/houjinbangou";
/** Bank and branch matches (the bank picker). */
export const BANK_LOOKUP_PATH = "/entry/banks";

export const LOOKUP_PATHS: readonly string[] = [
  HOUJINBANGOU_LOOKUP_PATH,
  BANK_LOOKUP_PATH,
  POSTCODE_LOOKUP_PATH,
];

/** True for a path (no query) that is one of the look-ups, however a router would still match it. */
export function isLookupPath(pathname: string): boolean {
  // The router matches its decoded path, without regard to case and with a trailing slash.
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: the router answers it 400, so it matches no look-up either; compared as it is.
  }
  return LOOKUP_PATHS.includes(decoded.toLowerCase().replace(/\/+$/, ""));
}
