import { describe, expect, it } from "vitest";
import { USER_ID_WAIT_MS, settleWithin, toAnalyticsUser } from "~/request/analytics.server";

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
    expect(toAnalyticsUser(me)).toEqual({
      hashed_user_id: "9f2c",
      user_segment: "general",
      company_name: "株式会社テスト",
    });
  });
  it("a visitor, or an upstream that sends no hashed id, has no analytics user", () => {
    expect(toAnalyticsUser(null)).toBeNull();
    expect(toAnalyticsUser({ version: "1" })).toBeNull();
    expect(toAnalyticsUser({ id: 7, version: "1" })).toBeNull();
  });
});
