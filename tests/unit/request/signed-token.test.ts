// Claims a page carries and posts back are signed with the session secrets (decision 0027): changed in
// the browser, made for another use, or past their expiry, they read as nothing; a secret rotated in
// (the new one first) still reads a token signed before. appConfig() is read once per process: each
// case imports the module afresh under its secrets.

import { afterEach, describe, expect, it, vi } from "vitest";

const SAVED = { ...process.env };
const NOW = new Date("2026-11-28T10:00:00+09:00");
const LATER = new Date(NOW.getTime() + 60 * 60 * 1000);

afterEach(() => {
  process.env = { ...SAVED };
  vi.resetModules();
});

async function underSecrets(secrets: string) {
  vi.resetModules();
  process.env.SESSION_SECRETS = secrets;
  return import("~/request/signed-token.server");
}

/** The token's payload part, its JSON changed by `change`, the signature kept. */
function withPayload(token: string, change: (claims: Record<string, unknown>) => Record<string, unknown>) {
  const [payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  return `${Buffer.from(JSON.stringify(change(claims))).toString("base64url")}.${signature}`;
}

describe("a signed token", () => {
  it("reads back its claims until it expires", async () => {
    const { signToken, verifyToken } = await underSecrets("first-secret");
    const token = signToken("typed", { u: "a1", t: [["purpose", "設備"]] }, LATER);
    expect(verifyToken("typed", token, NOW)).toMatchObject({ u: "a1", t: [["purpose", "設備"]] });
    expect(verifyToken("typed", token, LATER)).toBeNull();
  });

  it("reads as nothing once its claims are changed, however well-formed the change", async () => {
    const { signToken, verifyToken } = await underSecrets("first-secret");
    const token = signToken("typed", { u: "a1", t: [["purpose", "設備"]] }, LATER);
    expect(
      verifyToken(
        "typed",
        withPayload(token, (claims) => ({ ...claims, u: "b2" })),
        NOW,
      ),
    ).toBeNull();
    expect(
      verifyToken(
        "typed",
        withPayload(token, (claims) => ({ ...claims, exp: 4e9 })),
        NOW,
      ),
    ).toBeNull();
    expect(verifyToken("typed", `${token}x`, NOW)).toBeNull();
    expect(verifyToken("typed", token.split(".")[0], NOW)).toBeNull();
    expect(verifyToken("typed", JSON.stringify([["purpose", "設備"]]), NOW)).toBeNull();
    expect(verifyToken("typed", null, NOW)).toBeNull();
  });

  it("is accepted only for the purpose it was signed for", async () => {
    const { signToken, verifyToken } = await underSecrets("first-secret");
    const token = signToken("typed by", { u: "a1" }, LATER);
    expect(verifyToken("typed by", token, NOW)).not.toBeNull();
    expect(verifyToken("typed", token, NOW)).toBeNull();
  });

  it("signed under a secret since rotated out of first place still reads; under another, never", async () => {
    const before = await underSecrets("old-secret");
    const token = before.signToken("typed", { u: "a1" }, LATER);
    expect((await underSecrets("new-secret,old-secret")).verifyToken("typed", token, NOW)).not.toBeNull();
    expect((await underSecrets("new-secret")).verifyToken("typed", token, NOW)).toBeNull();
  });
});
