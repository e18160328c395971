// Written by the request gate on every request, so a client's own value never reaches the app.

export const CLIENT_ADDRESS_HEADER = "x-sakidori-client-address";

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

const IPV4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv6 address's eight groups, `::` filled with zeros (its zone, after `%`, dropped). */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const first = head ? head.split(":") : [];
  if (tail === undefined) return first;
  const last = tail ? tail.split(":") : [];
  return [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill("0"), ...last];
}

/**
 * What one line holds: an IPv4 address, or an IPv6 address's /64 (a home or a phone is given a whole
 * /64, as many addresses as it likes). An IPv4 address seen on an IPv6 socket is that IPv4 address.
 */
export function addressBlock(address: string): string {
  const ipv4 = IPV4.exec(address);
  if (ipv4) return ipv4[1]!;
  if (!address.includes(":")) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""));
  return `${prefix.join(":")}::/64`;
}
