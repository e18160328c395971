import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/domain/redirect-target";

const APP = "https://app.sakidori.example";

describe("redirect targets from outside stay same-origin", () => {
  it("keeps a local path with its query and hash", () => {
    expect(safeRedirectTarget("/entry/detail/123", APP)).toBe("/entry/detail/123");
    expect(safeRedirectTarget("/mypage?tab=entries#list", APP)).toBe("/mypage?tab=entries#list");
  });

  it.each([
    ["protocol-relative", "//evil.example/"],
    ["backslash", "/\\evil.example"],
    ["backslash first", "\\\\evil.example"],
    ["tab trick", "/\t/evil.example"],
    ["newline trick", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["absolute other origin", "https://evil.example/"],
    ["absolute same host other scheme", "http://app.sakidori.example/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,hi"],
    ["relative without slash", "evil.example"],
    ["empty", ""],
    ["encoded slash still parsed as path", "/%2F%2Fevil.example"],
  ])("refuses %s", (_name, target) => {
    const result = safeRedirectTarget(target, APP);
    if (result !== null) {
      // Anything accepted must resolve to this site.
      expect(new URL(result, APP).origin).toBe(APP);
    } else {
      expect(result).toBeNull();
    }
  });

  it("refuses non-strings and huge inputs", () => {
    expect(safeRedirectTarget(null, APP)).toBeNull();
    expect(safeRedirectTarget(undefined, APP)).toBeNull();
    expect(safeRedirectTarget(`/${"a".repeat(5000)}`, APP)).toBeNull();
  });

  it("refuses every listed hostile form outright (none is turned into a local path)", () => {
    for (const target of [
      "//evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example/",
    ]) {
      expect(safeRedirectTarget(target, APP), JSON.stringify(target)).toBeNull();
    }
  });
});
