import { describe, expect, it } from "vitest";
import { type RequestOriginHeaders, isSameOriginWrite } from "~/domain/origin-check";

const APP = "http://localhost:3000";
const post = (headers: Partial<RequestOriginHeaders>): RequestOriginHeaders => ({
  method: "POST",
  origin: null,
  secFetchSite: null,
  referer: null,
  requestOrigin: APP,
  ...headers,
});

describe("every non-GET request is checked for a same-origin Origin, else Sec-Fetch-Site, else Referer", () => {
  it("lets safe methods through", () => {
    expect(isSameOriginWrite(post({ method: "GET", origin: "https://evil.example" }), [APP])).toBe(true);
  });
  it("accepts the app's own origin", () => {
    expect(isSameOriginWrite(post({ origin: APP }), [APP])).toBe(true);
  });
  it("refuses another origin, even when Sec-Fetch-Site claims same-origin", () => {
    expect(
      isSameOriginWrite(post({ origin: "https://evil.example", secFetchSite: "same-origin" }), [APP]),
    ).toBe(false);
    expect(isSameOriginWrite(post({ origin: "http://localhost:3001" }), [APP])).toBe(false);
    expect(isSameOriginWrite(post({ origin: "http://localhost:3000.evil.example" }), [APP])).toBe(false);
  });
  it("falls back to Sec-Fetch-Site when Origin is absent or null", () => {
    expect(isSameOriginWrite(post({ origin: "null", secFetchSite: "same-origin" }), [APP])).toBe(true);
    expect(isSameOriginWrite(post({ secFetchSite: "cross-site" }), [APP])).toBe(false);
    expect(isSameOriginWrite(post({ secFetchSite: "same-site" }), [APP])).toBe(false);
    expect(isSameOriginWrite(post({ origin: "null", secFetchSite: "none" }), [APP])).toBe(false);
  });
  it("falls back to Referer last", () => {
    expect(isSameOriginWrite(post({ referer: `${APP}/login` }), [APP])).toBe(true);
    expect(isSameOriginWrite(post({ referer: "https://evil.example/form" }), [APP])).toBe(false);
    expect(isSameOriginWrite(post({ referer: "not a url" }), [APP])).toBe(false);
  });
  it("refuses a write with no signal at all", () => {
    expect(isSameOriginWrite(post({}), [APP])).toBe(false);
    expect(isSameOriginWrite(post({ method: "DELETE" }), [APP])).toBe(false);
  });
  it("accepts the origin the request reached (a brand host on the same server)", () => {
    const brand = "http://midori.localhost:3000";
    expect(isSameOriginWrite(post({ origin: brand, requestOrigin: brand }), [APP])).toBe(true);
  });
});
