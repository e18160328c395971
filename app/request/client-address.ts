// The client's address as the request gate found it (app/server/request-gate.server.ts): the socket's,
// or the one a trusted proxy reported (TRUSTED_PROXY_HOPS). The gate overwrites the header on every
// request, so what a client sends under this name never reaches the app.

export const CLIENT_ADDRESS_HEADER = "x-sakidori-client-address";

/** The address the rate limits count by ("unknown" outside the gate: a test calling an action). */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
