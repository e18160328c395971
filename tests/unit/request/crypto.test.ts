// REFERENCE: "Encrypt the upstream's cookies (AES-256-GCM, a key separate from the signing secrets)."

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "~/request/crypto.server";

const KEY = randomBytes(32);
const COOKIES = JSON.stringify({ sessionid: "abcdefghijklmnopqrstuvwxyz012345", csrftoken: "トークン" });

function flipByte(sealed: string, index: number): string {
  const data = Buffer.from(sealed, "base64url");
  data[index] = data[index]! ^ 0x01;
  return data.toString("base64url");
}

describe("seal/unseal: the upstream's cookies are encrypted and authenticated", () => {
  it("round-trips the plaintext (including non-ASCII and empty text)", () => {
    expect(unseal(seal(COOKIES, KEY), KEY)).toBe(COOKIES);
    expect(unseal(seal("", KEY), KEY)).toBe("");
  });

  it("does not leave the plaintext readable, and uses a fresh IV each time", () => {
    const sealed = seal(COOKIES, KEY);
    expect(sealed).not.toContain("abcdefghijklmnop");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("abcdefghijklmnop");
    expect(seal(COOKIES, KEY)).not.toBe(sealed);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("returns null for tampered ciphertext, IV or tag", () => {
    const sealed = seal(COOKIES, KEY);
    const length = Buffer.from(sealed, "base64url").length;
    expect(unseal(flipByte(sealed, length - 1), KEY)).toBeNull(); // ciphertext
    expect(unseal(flipByte(sealed, 0), KEY)).toBeNull(); // IV
    expect(unseal(flipByte(sealed, 12), KEY)).toBeNull(); // tag
  });

  it("returns null for truncated input", () => {
    const data = Buffer.from(seal(COOKIES, KEY), "base64url");
    expect(unseal(data.subarray(0, data.length - 1).toString("base64url"), KEY)).toBeNull();
    expect(unseal(data.subarray(0, 28).toString("base64url"), KEY)).toBeNull();
    expect(unseal(data.subarray(0, 10).toString("base64url"), KEY)).toBeNull();
    expect(unseal("", KEY)).toBeNull();
    expect(unseal("not base64 at all!!", KEY)).toBeNull();
  });

  it("returns null for another key (and for a key of the wrong length)", () => {
    const sealed = seal(COOKIES, KEY);
    expect(unseal(sealed, randomBytes(32))).toBeNull();
    expect(unseal(sealed, randomBytes(16))).toBeNull();
  });
});
