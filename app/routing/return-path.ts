import { ROUTER_PARAMETERS } from "~/runtime/remix-internals";

/** A POST's URL is the form's own page, so GET and POST both return there; the Referer is not trusted. */
export function returnPathOf(url: URL): string {
  if (!ROUTER_PARAMETERS.some((name) => url.searchParams.has(name))) return `${url.pathname}${url.search}`;
  const params = new URLSearchParams(url.search);
  for (const name of ROUTER_PARAMETERS) params.delete(name);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
