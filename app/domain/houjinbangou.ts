// §3 Claim.houjinbangou: the first of 13 digits checks the other twelve (REFERENCE.md):
//   check = 9 − (Σ Pn × Qn mod 9), Pn the n-th digit from the right, Qn 1 for odd n and 2 for even n.

export const HOUJINBANGOU_LENGTH = 13;

/** §7 GET /api/ext/houjinbangou/: a name of at least 2 characters is searched, at most 100 are taken. */
export const CORPORATION_QUERY_MIN_LENGTH = 2;
export const CORPORATION_QUERY_MAX_LENGTH = 100;
/** The suggestions one search answers at most. */
export const MAX_CORPORATION_SUGGESTIONS = 10;

export interface CorporationSuggestion {
  name: string;
  houjinbangou: string;
  address: string;
}

export function houjinbangouCheckDigit(base: string): number {
  if (!/^[0-9]{12}$/.test(base)) throw new RangeError("a corporate number's base is 12 digits");
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) {
    const digit = base.charCodeAt(12 - n) - 48;
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

export function isValidHoujinbangou(value: unknown): boolean {
  if (typeof value !== "string" || !/^[0-9]{13}$/.test(value)) return false;
  return Number(value[0]) === houjinbangouCheckDigit(value.slice(1));
}
