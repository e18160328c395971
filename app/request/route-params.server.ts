// §2 "Route validation failure shows page not found": a 404, never a 500.

import { notFound } from "~/request/context.server";

/** §5 "Entry id route parameter must be digits." */
export function digitsParam(value: string | undefined): string {
  if (!value || !/^[0-9]{1,18}$/.test(value)) throw notFound();
  return value;
}

/** §2 the password reset confirmation "requires both uid and token query parameters, otherwise not found". */
export function requiredQueryParams<K extends string>(url: URL, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (!value || value.length > 512) throw notFound();
    values[name] = value;
  }
  return values;
}
