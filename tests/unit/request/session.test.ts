// The app's session cookie is HttpOnly, SameSite=Lax, Path=/, and Secure wherever the
// public origin is https (app/settings/config.server.ts: COOKIE_SECURE forces it either way; NODE_ENV
// plays no part, so a production build on http://localhost, as in the browser tests, sends no Secure).
// appConfig() is read once per process: each case imports the session module afresh.

import { afterEach, describe, expect, it, vi } from "vitest";

const SAVED = { ...process.env };

afterEach(() => {
  process.env = { ...SAVED };
  vi.resetModules();
});

/** The Set-Cookie headers the app sends on login (commit) and on logout (destroy), under `env`. */
async function cookiesUnder(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const { AppSession } = await import("~/request/session.server");
  const session = await AppSession.fromRequest(new Request("http://localhost:3000/"));
  session.credentials = { sessionid: "s".repeat(32), csrftoken: "c".repeat(32) };
  const committed = await session.commit();
  session.persistent = true;
  return { committed, persistent: await session.commit(), destroyed: await session.destroy() };
}

/** The attributes of a Set-Cookie header, lower-cased names. */
function attributesOf(setCookie: string): Map<string, string> {
  const [, ...attributes] = setCookie.split(";").map((part) => part.trim());
  return new Map(
    attributes.map((attribute) => {
      const [name, ...value] = attribute.split("=");
      return [name!.toLowerCase(), value.join("=")];
    }),
  );
}

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRETS: "a-secret-of-thirty-two-characters-x",
  SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  COOKIE_SECURE: undefined,
};

describe("the app session cookie's flags", () => {
  it("HttpOnly, SameSite=Lax, Path=/ on login, keep-me-logged-in and logout; named __sakidori", async () => {
    const cookies = await cookiesUnder({ ...PRODUCTION, APP_BASE_URL: "https://app.sakidori.example" });
    for (const [which, setCookie] of Object.entries(cookies)) {
      expect(setCookie, which).toMatch(/^__sakidori=/);
      const attributes = attributesOf(setCookie);
      expect(attributes.has("httponly"), `${which}: HttpOnly`).toBe(true);
      expect(attributes.get("samesite"), `${which}: SameSite`).toBe("Lax");
      expect(attributes.get("path"), `${which}: Path`).toBe("/");
      expect(attributes.has("domain"), `${which}: no Domain (this host only)`).toBe(false);
    }
  });

  it("Secure in production on an https origin, on every Set-Cookie", async () => {
    const cookies = await cookiesUnder({ ...PRODUCTION, APP_BASE_URL: "https://app.sakidori.example" });
    for (const [which, setCookie] of Object.entries(cookies)) {
      expect(attributesOf(setCookie).has("secure"), which).toBe(true);
    }
  });

  it("no Secure on a plain-http origin (the local machine), production or not", async () => {
    for (const NODE_ENV of ["production", "development"]) {
      const { committed } = await cookiesUnder({
        ...PRODUCTION,
        NODE_ENV,
        APP_BASE_URL: "http://localhost:3000",
      });
      expect(attributesOf(committed).has("secure"), NODE_ENV).toBe(false);
    }
  });

  it("COOKIE_SECURE forces it either way (TLS ended at a proxy in front of an http APP_BASE_URL, or a test)", async () => {
    const on = await cookiesUnder({
      ...PRODUCTION,
      APP_BASE_URL: "http://localhost:3000",
      COOKIE_SECURE: "true",
    });
    expect(attributesOf(on.committed).has("secure")).toBe(true);
    const off = await cookiesUnder({
      ...PRODUCTION,
      APP_BASE_URL: "https://app.sakidori.example",
      COOKIE_SECURE: "false",
    });
    expect(attributesOf(off.committed).has("secure")).toBe(false);
  });
});
