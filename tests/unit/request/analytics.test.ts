import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { USER_ID_WAIT_MS, settleWithin, toAnalyticsUser } from "~/request/analytics.server";
import { readConfig } from "~/settings/config.server";

const KEY = Buffer.from("a-deployment's-own-analytics-hash-key");

describe("§9 authentication waits up to 5 seconds for the user id before analytics config", () => {
  it("waits 5 s", () => {
    expect(USER_ID_WAIT_MS).toBe(5_000);
  });
  it("an answer in time is used", async () => {
    expect(await settleWithin(Promise.resolve("user"), 50, null)).toBe("user");
  });
  it("an answer too late, or a failure, gives the config without a user", async () => {
    expect(await settleWithin(new Promise(() => {}), 20, null)).toBeNull();
    expect(await settleWithin(Promise.reject(new Error("down")), 50, null)).toBeNull();
  });
});

describe("§3 the analytics view: only what the data layer gets", () => {
  it("hashed_user_id, user_segment and company_name; never the id, the e-mail or the phone", () => {
    const me = {
      id: 7,
      email: "a@example.jp",
      hashed_user_id: "9f2c",
      user_segment: "general",
      company_name: "株式会社テスト",
      version: "1",
    };
    expect(toAnalyticsUser(me, KEY)).toEqual({
      hashed_user_id: createHmac("sha256", KEY).update("9f2c").digest("hex"),
      user_segment: "general",
      company_name: "株式会社テスト",
    });
  });
  it("a visitor, or an upstream that sends no hashed id, has no analytics user", () => {
    expect(toAnalyticsUser(null, KEY)).toBeNull();
    expect(toAnalyticsUser({ version: "1" }, KEY)).toBeNull();
    expect(toAnalyticsUser({ id: 7, version: "1" }, KEY)).toBeNull();
  });
  it("the id the tag manager gets is keyed with the app's own secret: a public upstream key cannot reverse it", () => {
    const me = { id: 7, hashed_user_id: "9f2c", version: "1" };
    const other = toAnalyticsUser(me, Buffer.from("another-deployment's-analytics-hash-key"));
    expect(toAnalyticsUser(me, KEY)?.hashed_user_id).not.toBe(other?.hashed_user_id);
    expect(toAnalyticsUser(me, KEY)?.hashed_user_id).not.toBe("9f2c");
  });
});

describe("ANALYTICS_HASH_KEY: required when analytics is on in production", () => {
  const base = {
    NODE_ENV: "production" as const,
    SESSION_SECRETS: "s".repeat(44),
    SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  };
  it("the start is refused without it, or with one too short to be secret", () => {
    expect(() => readConfig({ ...base, ANALYTICS_CONTAINER_ID: "GTM-ABC1234" })).toThrow(
      /ANALYTICS_HASH_KEY/,
    );
    expect(() =>
      readConfig({ ...base, ANALYTICS_CONTAINER_ID: "GTM-ABC1234", ANALYTICS_HASH_KEY: "short" }),
    ).toThrow(/ANALYTICS_HASH_KEY/);
  });
  it("with it, the key is the app's; without analytics, or outside production, none is needed", () => {
    const key = "k".repeat(32);
    const config = readConfig({ ...base, ANALYTICS_CONTAINER_ID: "GTM-ABC1234", ANALYTICS_HASH_KEY: key });
    expect(config.analyticsHashKey.toString()).toBe(key);
    expect(() => readConfig(base)).not.toThrow();
    expect(() => readConfig({ NODE_ENV: "test", ANALYTICS_CONTAINER_ID: "GTM-ABC1234" })).not.toThrow();
  });
});
