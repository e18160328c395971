// Device cookies (decision 0020, OWASP's "device cookies"): a successful login marks the browser as
// known for the account, with a signed, long-lived, HttpOnly cookie that names the account by a keyed
// hash of its e-mail (never the e-mail itself) and a random browser id. Only a valid cookie for the
// very account tried makes the browser known; anything forged, edited or for another account is a
// new browser. appConfig() is read once per process: each case imports the module afresh.

import { afterEach, describe, expect, it, vi } from "vitest";

const SAVED = { ...process.env };

afterEach(() => {
  process.env = { ...SAVED };
  vi.resetModules();
});

const SECRET = "a-secret-of-thirty-two-characters-x";

async function deviceModule(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  const settings: Record<string, string | undefined> = {
    SESSION_SECRETS: SECRET,
    SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    APP_BASE_URL: "http://localhost:3000",
    COOKIE_SECURE: undefined,
    ...env,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return import("~/security/device-cookie.server");
}

const requestWith = (cookie: string | null) =>
  new Request("http://localhost:3000/login", cookie ? { headers: { Cookie: cookie } } : {});

/** The name=value part of a Set-Cookie header, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("the login source: the account's key and whether this browser is known for it", () => {
  it("a keyed hash of the e-mail, the same whatever its case and spaces, never the e-mail itself", async () => {
    const { loginSource } = await deviceModule();
    const source = await loginSource(requestWith(null), "Owner@Example.co.jp");
    expect(source.device).toBeNull();
    expect(source.account).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(source.account).not.toContain("owner");
    expect((await loginSource(requestWith(null), "  owner@example.co.jp ")).account).toBe(source.account);
    expect((await loginSource(requestWith(null), "other@example.co.jp")).account).not.toBe(source.account);
  });

  it("keyed with the app's secret: another deployment's secret gives another key", async () => {
    const ours = (await (await deviceModule()).loginSource(requestWith(null), "owner@example.co.jp")).account;
    const theirs = await deviceModule({ SESSION_SECRETS: "another-secret-of-thirty-two-chars" });
    expect((await theirs.loginSource(requestWith(null), "owner@example.co.jp")).account).not.toBe(ours);
  });

  it("after a login the browser is known for that account only, and each login gives it a new id", async () => {
    const { deviceCookieAfterLogin, loginSource } = await deviceModule();
    const first = sentBack(await deviceCookieAfterLogin(requestWith(null), "owner@example.co.jp"));
    expect(first).not.toContain("owner");
    const known = await loginSource(requestWith(first), "OWNER@example.co.jp");
    expect(known.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await loginSource(requestWith(first), "other@example.co.jp")).device).toBeNull();

    const again = sentBack(await deviceCookieAfterLogin(requestWith(first), "owner@example.co.jp"));
    const renewed = await loginSource(requestWith(again), "owner@example.co.jp");
    expect(renewed.device).not.toBeNull();
    expect(renewed.device).not.toBe(known.device);
  });

  it("a forged or edited cookie, or one signed with another secret, makes a new browser", async () => {
    const { deviceCookieAfterLogin, loginSource, DEVICE_COOKIE_NAME } = await deviceModule();
    const valid = sentBack(await deviceCookieAfterLogin(requestWith(null), "owner@example.co.jp"));
    const [name, value] = [valid.slice(0, valid.indexOf("=")), valid.slice(valid.indexOf("=") + 1)];
    expect(name).toBe(DEVICE_COOKIE_NAME);
    const [payload, signature] = decodeURIComponent(value).split(".");
    const edited = `${name}=${encodeURIComponent(`${payload}x.${signature}`)}`;
    const unsigned = `${name}=${encodeURIComponent(payload!)}`;
    for (const cookie of [edited, unsigned, `${name}=garbage`]) {
      expect((await loginSource(requestWith(cookie), "owner@example.co.jp")).device).toBeNull();
    }
    const elsewhere = await deviceModule({ SESSION_SECRETS: "another-secret-of-thirty-two-chars" });
    expect((await elsewhere.loginSource(requestWith(valid), "owner@example.co.jp")).device).toBeNull();
  });

  it("a cookie made before the secrets rotated still makes the browser known", async () => {
    const before = await deviceModule();
    const cookie = sentBack(await before.deviceCookieAfterLogin(requestWith(null), "owner@example.co.jp"));
    const device = (await before.loginSource(requestWith(cookie), "owner@example.co.jp")).device;
    const after = await deviceModule({ SESSION_SECRETS: `new-secret-of-thirty-two-characters,${SECRET}` });
    expect((await after.loginSource(requestWith(cookie), "owner@example.co.jp")).device).toBe(device);
  });

  it("one browser stays known for several accounts, the most recent first, up to a bound", async () => {
    const { deviceCookieAfterLogin, loginSource, MAX_ACCOUNTS_PER_DEVICE } = await deviceModule();
    let cookie: string | null = null;
    const emails = Array.from({ length: MAX_ACCOUNTS_PER_DEVICE + 1 }, (_, i) => `client${i}@example.co.jp`);
    for (const email of emails) cookie = sentBack(await deviceCookieAfterLogin(requestWith(cookie), email));
    const known = await Promise.all(
      emails.map(async (email) => (await loginSource(requestWith(cookie), email)).device),
    );
    expect(known[0]).toBeNull();
    expect(known.slice(1).every((device) => device !== null)).toBe(true);
  });
});

describe("the device cookie's attributes", () => {
  const attributes = (setCookie: string) =>
    setCookie
      .split(";")
      .slice(1)
      .map((part) => part.trim().split("=")[0]!.toLowerCase())
      .sort();

  it("HttpOnly, SameSite=Lax, Path=/, a year long; Secure when the public origin is https", async () => {
    const plain = await deviceModule();
    const onHttp = await plain.deviceCookieAfterLogin(requestWith(null), "owner@example.co.jp");
    expect(attributes(onHttp)).toEqual(["httponly", "max-age", "path", "samesite"]);
    expect(onHttp).toContain(`Max-Age=${plain.DEVICE_COOKIE_SECONDS}`);
    expect(onHttp).toContain("SameSite=Lax");
    expect(plain.DEVICE_COOKIE_SECONDS).toBe(365 * 24 * 60 * 60);

    const secure = await deviceModule({ APP_BASE_URL: "https://app.sakidori.example" });
    const onHttps = await secure.deviceCookieAfterLogin(requestWith(null), "owner@example.co.jp");
    expect(attributes(onHttps)).toContain("secure");
  });
});
