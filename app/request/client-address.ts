// Written by the request gate on every request, so a client's own value never reaches the app.

export const CLIENT_ADDRESS_HEADER = "x-sakidori-client-address";

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
