// The look-up routes scripts ask (decision 0023), named once for their fields and the redirect check.

import { POSTCODE_LOOKUP_PATH } from "./postcode-address";

export const HOUJINBANGOU_LOOKUP_PATH = "/entry/houjinbangou";
export const BANK_LOOKUP_PATH = "/entry/banks";

export const LOOKUP_PATHS: readonly string[] = [
  HOUJINBANGOU_LOOKUP_PATH,
  BANK_LOOKUP_PATH,
  POSTCODE_LOOKUP_PATH,
];

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
