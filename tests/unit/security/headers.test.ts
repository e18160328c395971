import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/security/headers.server";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("ARCHITECTURE §12 and §9: the CSP allows a third party only when analytics is configured", () => {
  it("without analytics: scripts only from us and by nonce, connections only to us", () => {
    const policy = contentSecurityPolicy("abc");
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc'");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(policy).not.toContain("googletagmanager");
  });
  it("with analytics: the tag manager's script and its beacons, still no inline script without the nonce", () => {
    const policy = contentSecurityPolicy("abc", true);
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'nonce-abc' https://www.googletagmanager.com",
    );
    expect(directive(policy, "connect-src")).toContain("https://*.google-analytics.com");
    expect(policy).not.toContain("unsafe-inline");
  });
});
