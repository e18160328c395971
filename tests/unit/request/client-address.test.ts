import { describe, expect, it } from "vitest";
import { addressBlock } from "~/request/client-address";

describe("the address block uploads at once are counted by (decision 0021)", () => {
  it("an IPv4 address is its own, also as seen on an IPv6 socket", () => {
    expect(addressBlock("203.0.113.5")).toBe("203.0.113.5");
    expect(addressBlock("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressBlock("::FFFF:127.0.0.2")).toBe("127.0.0.2");
    expect(addressBlock("127.0.0.2")).not.toBe(addressBlock("127.0.0.3"));
  });

  it("an IPv6 address counts as its /64, however it is written", () => {
    const block = "2001:db8:0:1::/64";
    expect(addressBlock("2001:db8:0:1::1")).toBe(block);
    expect(addressBlock("2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd")).toBe(block);
    expect(addressBlock("2001:DB8::1:0:0:0:2")).toBe(block);
    expect(addressBlock("2001:db8:0:1:ffff::%eth0")).toBe(block);
    expect(addressBlock("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
  });

  it("no address (a server without the request gate) is one block of its own", () => {
    expect(addressBlock("unknown")).toBe("unknown");
  });
});
